"""Word lists the lexical filters share, for French, English, Chinese and Malay.

Latin entries are *keys*: case-folded and stripped of accents (``déteste`` is
``deteste``), so an accent a user left out still matches. Chinese entries are
jieba tokens. The lists are merged across languages: a chat turn often mixes
them, and the few collisions are handled where they bite (French ``plus``
counts as a negator only with ``ne``; Malay ``x`` only before a verb).

Where a word list comes from: the negation and valence lists were written from
the spec's measured fault ("n'aime pas X" copied as "aime X", about one
reflection in three) and the public cases R04c / A29 / R06, then widened with
the ordinary ways each language says "not", "no longer", "can't stand".
"""

from __future__ import annotations

import re

# fmt: off
# Word tables, laid out by language and meaning: the formatter would put one word a line.

# --------------------------------------------------------------------------- negation

#: Words that flip the polarity of what follows them in their clause.
NEGATORS: frozenset[str] = frozenset(
    {
        # en ("n't" is rewritten to "not" before tokenising)
        "not", "no", "never", "neither", "nor", "none", "nobody", "nothing", "cannot",
        # fr ("ne" alone is not enough: "je ne bois que du thé" is positive)
        "pas", "jamais", "rien", "aucun", "aucune", "guere", "nullement",
        # ms
        "tak", "tidak", "bukan", "belum", "tiada", "jangan", "takkan", "tk", "tdk", "tidaklah",
    }
)

#: French "plus" negates only with "ne"/"n'" in the same clause ("j'aime plus le thé
#: que le café" is a comparison); "ni" likewise ("ne… ni… ni").
FR_NE = frozenset({"ne", "n'"})
#: With "ne", the negation starts at "ne" (before the verb: "je ne *bois* plus"),
#: and these words only confirm it.
FR_NE_CONFIRM = frozenset({"pas", "plus", "jamais", "rien", "aucun", "aucune", "guere", "nullement", "ni", "point"})

#: Malay "kurang suka" ("not very fond of"): "kurang" negates only before an attitude word
#: ("teh tarik kurang manis" is "less sweet").
MS_KURANG = frozenset({"kurang"})

#: Malay chat writes "x suka" for "tak suka"; "x" counts only before these words.
MS_X_VERBS = frozenset(
    {"suka", "minat", "gemar", "makan", "minum", "nak", "mahu", "pernah", "tahan", "boleh", "reti", "pandai", "sama"}
)

#: Verbs of stopping: "I quit smoking" says the user does not smoke (any more).
CESSATION = frozenset({"quit", "quits", "berhenti", "renonce", "abandonne"})
#: These stop only before a gerund / "de": "stopped eating" but not "stopped by".
CESSATION_BEFORE_GERUND = frozenset({"stopped", "stop", "stops", "gave", "give", "giving"})
CESSATION_BEFORE_DE = frozenset({"arrete", "arretee", "arretes", "arreter", "arretais"})

#: Chinese negators (jieba tokens). Tokens *starting* with 不/没/别 also negate,
#: unless they hold a word of ``vocab.ZH_NOT_NEGATION`` (``tokens.zh_not_negation``).
ZH_NEGATORS = frozenset({"不", "没", "没有", "别", "未", "无", "从不", "从来不", "从没", "从来没", "不再", "绝不", "毫不", "并不", "戒"})

# --------------------------------------------------------------------------- valence

#: Attitude words with a positive sign (they never count as content words).
VALENCE_POS: frozenset[str] = frozenset(
    {
        # en
        "like", "likes", "liked", "liking", "love", "loves", "loved", "loving", "enjoy", "enjoys",
        "enjoyed", "enjoying", "adore", "adores", "adored", "prefer", "prefers", "preferred", "fond",
        "fan", "keen", "want", "wants", "wanted", "wish", "wishes", "hope", "hopes", "eager", "accept",
        "accepts", "favourite", "favorite", "crazy",
        # fr
        "aime", "aimes", "aimons", "aimez", "aiment", "aimait", "aimais", "aimer", "aimerais", "aimerait",
        "adorent", "adorait", "adorais", "adorer", "adorons", "adorez", "apprecie", "apprecies", "apprecient",
        "appreciait", "prefere", "preferes", "preferent", "preferait", "kiffe", "kiffes", "raffole",
        "raffolent", "passionne", "passionnee", "veut", "veux", "voudrais", "voudrait", "souhaite",
        "souhaites", "reve", "reves", "espere", "accepte", "supporte", "supportes", "supportent", "supporter",
        "tolere", "fou", "folle", "fana", "aimee",
        # ms
        "suka", "sukakan", "menyukai", "gemar", "minat", "berminat", "meminati", "sayang", "cinta",
        "mencintai", "mahu", "mau", "nak", "ingin", "hendak", "tahan", "terima", "teringin", "kegemaran",
    }
)

#: Attitude words with a negative sign ("hates X" and "does not like X" agree).
VALENCE_NEG: frozenset[str] = frozenset(
    {
        # en ("can't stand" is rewritten to "hate")
        "hate", "hates", "hated", "hating", "hatred", "dislike", "dislikes", "disliked", "detest",
        "detests", "detested", "loathe", "loathes", "loathed", "despise", "despises", "despised",
        "afraid", "scared", "fear", "fears", "feared", "terrified", "frightened", "disgusted",
        # fr
        "deteste", "detestes", "detestent", "detestait", "detestais", "detester", "hais", "hait", "haissent",
        "hair", "haissait", "horreur", "execre", "execrent", "degoute", "degoutent", "peur", "craint",
        "crains", "insupportable",
        # ms
        "benci", "membenci", "meluat", "takut", "jijik", "menyampah",
    }
)

ZH_VALENCE_POS = frozenset(
    {
        "喜欢", "爱", "喜爱", "热爱", "最爱", "爱吃", "爱喝", "爱看", "爱玩", "偏爱", "钟爱", "迷恋", "享受",
        "想", "想要", "希望", "渴望", "爱好", "中意", "欣赏", "接受", "喜好", "着迷", "迷上", "兴趣", "感兴趣",
    }
)
ZH_VALENCE_NEG = frozenset(
    {"讨厌", "厌恶", "恨", "痛恨", "受不了", "怕", "害怕", "恐惧", "反感", "嫌", "嫌弃", "烦", "恶心", "讨厌死"}
)

# --------------------------------------------------------------------------- idioms

#: Rewrites applied to the case-folded text before tokenising: fixed phrases whose
#: negation does not flip anything ("can't wait"), or whose sense is a single
#: attitude ("can't stand" = hate). Each was a false positive before it was listed.
IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        # en
        (r"\b(?:can ?not|can't|could ?not|couldn't) (?:stand|bear)\b", "hate"),
        (r"\b(?:can ?not|can't|could ?not|couldn't) (?:live without|get enough of)\b", "love"),
        (r"\b(?:can ?not|can't) wait\b", "eager"),
        (r"\b(?:can ?not|can't|couldn't) help\b", " "),
        (r"\b(?:there is |there's |there 's )?nothing (?:beats|compares to|better than|like)\b", "love"),
        (r"\b(?:do not|don't|never) forget\b", "remember"),
        (r"\b(?:can ?not|can't|could ?not|couldn't) let go\b", "love"),
        (r"\b(?:do|does|did)(?:n't| not) mind\b", "accept"),
        (r"\bwould(?:n't| not) mind\b", "want"),
        (r"\bwould(?:n't| not) miss\b", "love"),
        # "(not) into X": an attitude after a copula or an adverb ("not really into running
        # anymore", "I'm into jazz"); "moved into a flat" stays a preposition
        (r"\b(not|n't|really|so|totally|super|big|still|'m|am|are|is|was|were|be|been|longer)\s+into\b", r"\1 fond of"),
        (r"\bnot (?:only|just)\b", " "),
        # spoken openers that negate nothing ("not gonna lie, I don't really rate sushi anymore", round 18)
        (r"\b(?:not (?:gonna|going to) lie|ngl|tbh|to be honest|honestly)\b", " "),
        # spoken verbs of liking said negated ("don't really rate / dig / fancy X"): "like"
        (r"\b(do not|don't|doesn't|does not|never|no longer|not)\s+(really\s+|much\s+)?(?:rate|dig|fancy)\b", r"\1 \2like"),
        (r"\bnot bad\b", "good"),
        (r"\bno (?:doubt|problem|worries|matter|wonder)\b", " "),
        (r"\bnever mind\b", " "),
        (r"\bcould(?:n't| not) be (?:happier|better)\b", "love"),
        (r"(?:^|(?<=[.!?]))\s*no\s*[,.!]", " "),
        # fr
        (r"\bpas mal\b", "beaucoup"),
        (r"\bnon seulement\b", " "),
        (r"\b(?:ça|ca|cela) ne me (?:dérange|derange|gêne|gene) (?:pas|plus)\b", "j'accepte"),
        (r"\bne (?:peux|peut|pourrais|pourrait) pas (?:vivre|me passer|se passer) (?:sans|de)\b", "adore"),
        (r"\brien ne vaut\b|\brien de tel que\b|\brien de tel\b", "adore"),
        (r"\bn'oublie(?:z|s)? (?:pas|jamais)\b", "rappelle"),
        (r"\bpas de (?:souci|soucis|problème|probleme)\b", " "),
        (r"\bn'importe\b", " "),
        (r"\bne (\w+) (?:plus|jamais) que\b", r"\1 seulement"),
        (r"\bj'ai h[âa]te\b", "je veux"),
        # ms
        (r"\b(?:tak|tidak|x) sabar\b", "ingin"),
        (r"\b(?:tak|tidak|x) kisah\b", "terima"),
        (r"\b(?:tak|tidak) apa(?:-apa)?\b", " "),
        (r"\bbukan (?:sahaja|saja|hanya)\b", " "),
        (r"\bjangan lupa\b", "ingat"),
        (r"\b(?:tak|tidak) boleh hidup tanpa\b", "suka"),
        (r"\b(?:tak|tidak|x) (?:boleh )?tahan\b", "benci"),
    )
)

ZH_IDIOMS: tuple[tuple[str, str], ...] = (
    ("受不了", "讨厌"), ("忍不住", ""), ("离不开", "爱"), ("少不了", "爱"), ("舍不得", "爱"), ("恨不得", "想"),
    ("不介意", "接受"), ("不得不", "必须"), ("差不多", ""), ("了不起", "好"), ("不得了", "很"),
    ("怪不得", ""), ("不错", "好"), ("不仅", ""), ("不但", ""), ("不只", ""), ("不过", "但是"),
    ("没关系", ""), ("没问题", ""), ("没错", "对"), ("不好意思", ""), ("不客气", ""),
    ("别忘了", "记得"), ("不要忘记", "记得"), ("不要忘了", "记得"), ("别忘记", "记得"),
)

# --------------------------------------------------------------------------- lemmas

#: Irregular forms the crude stemmer cannot join ("bois" / "boit", "ate" / "eat").
LEMMAS: dict[str, str] = {
    **dict.fromkeys(("bois", "boit", "buvons", "buvez", "boivent", "boire", "bu", "buvais", "buvait"), "boire"),
    **dict.fromkeys(("prends", "prend", "prenons", "prenez", "prennent", "prendre", "pris", "prenais"), "prendre"),
    **dict.fromkeys(
        ("vis", "vit", "vivons", "vivez", "vivent", "vivre", "vecu", "vivais", "vivait", "vivions", "viviez", "vivaient"),
        "vivre",
    ),
    **dict.fromkeys(("lis", "lit", "lisons", "lisent", "lire", "lu"), "lire"),
    **dict.fromkeys(
        ("tiens", "tient", "tenons", "tenez", "tiennent", "tenir", "tenu", "tenais", "tenait", "tenions"), "tenir"
    ),
    **dict.fromkeys(("conduis", "conduit", "conduisons", "conduisent", "conduire"), "conduire"),
    **dict.fromkeys(("sors", "sort", "sortons", "sortent", "sortir", "sorti"), "sortir"),
    **dict.fromkeys(("dors", "dort", "dormons", "dorment", "dormir", "dormi"), "dormir"),
    **dict.fromkeys(("ecris", "ecrit", "ecrivons", "ecrivent", "ecrire"), "ecrire"),
    **dict.fromkeys(("ate", "eaten", "eats", "eat", "eating"), "eat"),
    **dict.fromkeys(("drank", "drunk", "drinks", "drink", "drinking"), "drink"),
    **dict.fromkeys(("went", "gone", "goes", "going"), "go"),
    **dict.fromkeys(("ran", "runs", "run", "running"), "run"),
    **dict.fromkeys(("swam", "swum", "swims", "swim", "swimming"), "swim"),
    **dict.fromkeys(("drove", "driven", "drives", "drive", "driving"), "drive"),
    **dict.fromkeys(("rode", "ridden", "rides", "ride", "riding"), "ride"),
    **dict.fromkeys(("smoke", "smokes", "smoked", "smoking", "smoker"), "smoke"),
    **dict.fromkeys(("children", "child", "kids", "kid"), "child"),
}

#: Time and number words: adjuncts, left out when judging how tightly two
#: clauses overlap ("I quit smoking two years ago" is about smoking).
TIME_WORDS = frozenset(
    {"ago", "year", "years", "month", "months", "week", "weeks", "day", "days", "today", "yesterday",
     "tomorrow", "morning", "evening", "night", "lately", "recently", "last", "next", "ans", "an", "annee",
     "annees", "mois", "semaine", "semaines", "jour", "jours", "hier", "demain", "matin", "soir", "dernier",
     "derniere", "prochain", "prochaine", "depuis", "tahun", "bulan", "minggu", "hari", "semalam", "esok",
     "dulu", "one", "two", "three", "four", "five", "ten", "deux", "trois", "quatre", "cinq", "dix", "satu",
     "dua", "tiga", "empat", "lima", "sepuluh", "年", "月", "天", "昨天", "今天", "明天", "去年", "前年",
     "早就", "早已", "最近"}
)

#: A clause opening with one of these is a question, even before its "?".
QUESTION_OPENERS = frozenset(
    {"do", "does", "did", "are", "is", "can", "could", "would", "will", "what", "how", "why", "where", "when",
     "who", "which", "est-ce", "qu'est-ce", "pourquoi", "comment", "quand", "quel", "quelle", "quels",
     "quelles", "adakah", "apakah", "kenapa", "mengapa", "bagaimana", "berapa", "siapa", "boleh"}
)

# --------------------------------------------------------------------------- stop words

STOPWORDS: frozenset[str] = frozenset(
    {
        # en
        "a", "an", "the", "to", "of", "in", "on", "at", "for", "with", "by", "from", "and", "or", "is", "am",
        "are", "was", "were", "be", "been", "being", "do", "does", "did", "doing", "have", "has", "had", "having",
        "will", "would", "shall", "should", "can", "could", "may", "might", "must", "it", "its", "this", "that",
        "these", "those", "i", "me", "my", "mine", "myself", "we", "us", "our", "you", "your", "he", "him", "his",
        "she", "her", "they", "them", "their", "very", "really", "so", "too", "also", "just", "all", "any",
        "some", "as", "about", "than", "then", "there", "here", "what", "which", "who", "whom", "how", "when",
        "where", "why", "if", "but", "because", "'s", "up", "out", "more", "much", "many", "lot", "lots",
        "even", "still", "only", "ever", "again", "anymore", "longer", "well", "oh", "yes", "yeah",
        "ok", "okay", "please", "thanks", "thank", "get", "got", "go", "into", "now", "yet", "let", "lets",
        "actually", "kind",
        "sort", "thing", "things", "way", "bit", "quite", "pretty", "one", "own", "other", "such", "though",
        "since", "per", "each", "every", "both", "either", "until", "while", "whether", "don", "doesn", "didn", "isn", "wasn", "aren", "ca", "wo", "im", "ive", "id", "cant", "dont",
        # fr
        "le", "la", "les", "l'", "un", "une", "des", "du", "de", "d'", "au", "aux", "et", "ou", "mais",
        "donc", "car", "que", "qu'", "qui", "quoi", "ce", "c'", "cet", "cette", "ces", "cela", "ceci", "je", "j'", "m'", "moi", "tu", "te", "t'", "toi", "il", "elle", "nous", "vous",
        "ils", "elles", "se", "s'", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "tes", "notre", "nos",
        "votre", "vos", "leur", "leurs", "lui", "y", "en", "est", "es", "suis", "sommes", "etes", "sont",
        "ete", "etre", "ai", "avons", "avez", "ont", "avoir", "avait", "avais", "etait", "etais", "ne",
        "n'", "tres", "trop", "bien", "aussi", "tout", "tous", "toute", "toutes", "pour", "par", "avec", "sur",
        "dans", "chez", "comme", "si", "peu", "beaucoup", "vraiment", "encore", "deja", "fait", "faire", "fais",
        "faisons", "faites", "font", "faisait", "faisais",
        "plus", "moins", "alors", "bon", "ben", "bah", "oui", "merci", "svp", "stp", "ici", "la-bas", "vers",
        "quand", "lorsque", "puis", "meme", "c'est", "cest", "quelque", "chose", "depuis",
        "seulement", "toujours", "sans", "entre", "apres", "avant", "sous", "va", "vais", "vas", "aller",
        # ms
        "saya", "aku", "sy", "kami", "kita", "awak", "anda", "kamu", "dia", "mereka", "beliau", "ini", "itu",
        "yang", "dan", "atau", "tetapi", "tapi", "di", "ke", "dari", "daripada", "pada", "untuk", "utk",
        "dengan", "dgn", "dalam", "adalah", "ialah", "akan", "sudah", "dah", "telah", "sangat", "sekali",
        "juga", "pun", "lah", "kah", "ni", "ada", "lagi", "saja", "sahaja", "hanya", "masih",
        "pernah", "selalu", "boleh", "bila", "kalau", "jika", "sebab", "kerana", "kerna", "lepas", "nya",
        "seorang", "sebuah", "seekor", "without", "tanpa",
        "ya", "amat", "agak", "sikit", "semua", "setiap", "oleh", "bagi", "macam", "seperti",
    }
)

ZH_STOPWORDS: frozenset[str] = frozenset(
    {
        "我", "我们", "你", "您", "你们", "他", "她", "它", "他们", "她们", "的", "了", "着", "过", "是", "在",
        "和", "与", "也", "都", "就", "还", "又", "很", "太", "非常", "最", "特别", "真", "一点", "有点", "一些",
        "这", "那", "这个", "那个", "吗", "呢", "吧", "啊", "呀", "哦", "嗯", "把", "被", "给", "让", "对",
        "从", "到", "会", "能", "可以", "用户", "其", "并", "而", "及", "以及", "之", "所", "等", "个", "一个",
        "什么", "怎么", "请问", "请", "一下", "再也", "从来", "已经", "还是", "总是", "一直", "自己", "有",
        "要", "得", "地", "么", "吃吃", "挺", "比较", "更", "真的", "其实", "现在", "以前", "但是", "但",
        "可是", "因为", "所以", "如果", "就是", "一点儿", "些", "呗", "哈", "嘛", "这样", "那样", "该", "内",
        "为", "于", "向", "跟", "同", "过去", "时候", "觉得", "感觉", "比", "啦", "喔", "哇", "嘿",
    }
)

# --------------------------------------------------------------------------- who

#: How an extractor names the user ("The user…", "L'utilisateur…", "用户…", "Pengguna…").
USER_MARKERS = frozenset(
    {"user", "users", "customer", "client", "cliente", "utilisateur", "utilisatrice", "pengguna", "pelanggan"}
)
ZH_USER_MARKERS = ("用户", "使用者", "客户", "顾客", "该用户")

#: Reporting verbs: "the user *knows* / *said* X" carries X, not the verb.
REPORTING = frozenset(
    {
        "know", "knows", "knew", "aware", "learned", "learnt", "understand", "understands", "understood",
        "said", "says", "say", "state", "states", "stated", "mention", "mentions", "mentioned", "told", "tell",
        "tells", "ask", "asks", "asked", "wonder", "wonders", "wondered", "inquired", "explained", "informed",
        "noted", "confirmed", "shared", "expressed", "indicated", "reported", "claims", "claimed",
        "sait", "savait", "connait", "comprend", "dit", "declare", "indique", "mentionne", "affirme",
        "demande", "demandait", "explique", "precise", "confirme", "raconte", "partage", "exprime",
        "tahu", "faham", "kata", "berkata", "menyatakan", "nyatakan", "bertanya", "tanya", "sebut",
        "menyebut", "maklum", "memberitahu", "beritahu", "kongsi", "berkongsi",
    }
)
ZH_REPORTING = frozenset(
    {"知道", "了解", "明白", "表示", "说", "提到", "称", "询问", "问", "想知道", "认为", "清楚", "指出", "告诉", "说明", "分享", "透露"}
)

#: Stance words a note's writer adds about what the user said ("values", "finds it
#: important", "重视", "menghargai"): the writer's framing, not matter the user or the
#: assistant said (read by the assistant-only filter, issue #26).
STANCE = frozenset(
    {
        "value", "values", "valued", "believe", "believes", "believed", "appreciate", "appreciates",
        "appreciated", "appreciation", "importance", "important", "significant", "significance",
        "enthusiastic", "admire", "admires", "admired", "emphasize", "emphasizes", "emphasized",
        "emphasise", "emphasises", "emphasised", "finds", "considers", "regards",
        "valorise", "valorisent", "croit", "croient", "crois", "enthousiaste", "enthousiastes",
        "admirent", "souligne", "soulignent", "insiste", "trouve", "trouvent", "estime",
        "importante", "importants", "importantes", "significatif", "significative",
        "hargai", "menghargai", "percaya", "mempercayai", "penting", "kepentingan", "bersemangat",
        "kagum", "mengagumi", "menekankan", "tekankan", "anggap", "menganggap", "dapati", "mendapati",
    }
)
ZH_STANCE = frozenset({"重视", "珍惜", "相信", "重要", "强调", "热衷", "钦佩", "佩服", "看重", "认为", "觉得"})

#: A visit, as a note's writer words it ("visited Paris", « a visité Lyon », 参观 / 游览,
#: "melawat Melaka"), and the going a user says it with ("I've been to Paris", « je suis
#: allé à Lyon », 去了 / 去过, "pergi ke Melaka"): the note's verb is the user's when the
#: message goes somewhere (read by the assistant-only filter, issue #26 round 5: "Jon visited
#: Paris recently" from "I've been to Paris yesterday!", "visit" only in the reply).
VISIT_STEMS = frozenset({"visit", "lawat", "melawat", "lawatan", "kunjung", "mengunjungi", "berkunjung"})
ZH_VISIT = ("参观", "游览", "访问", "拜访", "探访", "观光")
GOING = re.compile(
    r"\b(?:been|went|gone|go(?:ing)?|travell?ed|trip)\s+(?:to|in)\b|\btrip\b"
    r"|\b(?:all[ée]e?s?|été|aller|voyag[ée]\w*)\s+(?:à|a|au|aux|en|chez)\b|\bvoyage\b"
    r"|去了|去过|到过|去|来到|到了"
    r"|\b(?:pergi|pernah|ke|melancong|bercuti)\s+(?:ke|di)\b",
    re.I,
)

#: People the user may speak about: "my X" / "ma X" / "我X" / "X saya" is a third person.
RELATIONS = frozenset(
    {
        # en
        "wife", "husband", "partner", "boyfriend", "girlfriend", "son", "sons", "daughter", "daughters", "kid",
        "kids", "child", "children", "baby", "mom", "mum", "mother", "mama", "mommy", "dad", "father", "papa",
        "daddy", "parents", "parent", "brother", "brothers", "sister", "sisters", "sibling", "siblings",
        "grandma", "grandmother", "grandpa", "grandfather", "grandson", "granddaughter", "grandchild",
        "grandchildren", "grandkids", "uncle", "aunt", "auntie", "cousin", "nephew", "niece", "friend",
        "friends", "buddy", "mate", "neighbour", "neighbor", "neighbours", "neighbors", "colleague",
        "colleagues", "coworker", "co-worker", "boss", "manager", "tenant", "landlord", "landlady", "roommate",
        "flatmate", "fiance", "fiancee", "in-law", "in-laws", "stepson", "stepdaughter", "teacher", "doctor",
        "dog", "cat", "puppy", "kitten", "pet", "classmate", "ex", "spouse", "family", "coach", "therapist",
        "professor", "tutor", "supervisor", "mentor", "dentist",
        # fr
        "femme", "mari", "conjoint", "conjointe", "compagnon", "compagne", "copain", "copine", "fils", "fille",
        "filles", "enfant", "enfants", "gamin", "gamins", "gamine", "bebe", "mere", "maman", "pere", "frere", "freres", "soeur", "soeurs", "grand-mere", "grand-pere", "mamie", "papi", "papy",
        "petit-fils", "petite-fille", "petits-enfants", "oncle", "tante", "cousine", "neveu", "ami",
        "amie", "amis", "amies", "pote", "potes", "voisin", "voisine", "voisins", "collegue", "collegues",
        "patron", "patronne", "chef", "locataire", "proprietaire", "colocataire", "coloc", "beau-pere", "belle-mere", "beau-frere", "belle-soeur", "gendre", "belle-fille", "medecin", "chien",
        "chienne", "chat", "chatte", "famille", "prof", "professeur", "profs", "docteur", "dentiste", "psy",
        "entraineur", "maitresse", "directeur", "directrice",
        # ms
        "isteri", "suami", "anak", "ibu", "emak", "mak", "bapa", "ayah", "abah", "abang", "kakak", "adik",
        "nenek", "datuk", "atuk", "cucu", "sepupu", "kawan", "rakan", "sahabat", "jiran", "bos", "majikan",
        "penyewa", "menantu", "mentua", "besan", "tunang", "kucing", "anjing", "pakcik", "makcik", "keluarga",
        "cikgu", "doktor", "pensyarah", "jurulatih", "penyelia",
    }
)
ZH_RELATIONS = (
    "老婆", "老公", "妻子", "丈夫", "太太", "爱人", "男朋友", "女朋友", "男友", "女友", "儿子", "女儿", "孩子",
    "小孩", "宝宝", "妈妈", "妈", "母亲", "爸爸", "爸", "父亲", "父母", "哥哥", "姐姐", "弟弟", "妹妹", "兄弟",
    "姐妹", "奶奶", "爷爷", "外婆", "外公", "孙子", "孙女", "外孙", "外孙女", "叔叔", "阿姨", "舅舅", "姑姑",
    "表哥", "表姐", "表弟", "表妹", "堂哥", "侄子", "朋友", "同学", "邻居", "同事", "老板", "领导", "上司",
    "租客", "房东", "室友", "未婚妻", "未婚夫", "岳母", "婆婆", "女婿", "儿媳", "狗", "猫", "家人", "闺蜜",
)

FIRST_PERSON = frozenset(
    {"i", "i'm", "im", "we", "je", "j'", "moi", "nous", "saya", "aku", "sy", "kami", "kita", "gua", "gue"}
)
FIRST_POSSESSIVE = frozenset({"my", "our", "ma", "mon", "mes", "notre", "nos"})
SECOND_PERSON = frozenset(
    {"you", "your", "yours", "tu", "vous", "toi", "ton", "ta", "tes", "votre", "vos", "awak", "anda", "kamu",
     "engkau", "kau", "u"}
)
#: Singular personal pronouns: "they" / "ils" / "mereka" are as often things as people.
THIRD_SINGULAR = frozenset({"he", "she", "il", "elle", "dia", "beliau", "him", "lui"})
THIRD_PERSON = frozenset(
    {"he", "she", "they", "his", "her", "their", "him", "them", "il", "elle", "ils", "elles", "sa", "son",
     "ses", "leur", "leurs", "dia", "mereka", "beliau"}
)
#: Impersonal uses of "il": "il y a", "il faut", "il fait beau".
FR_IMPERSONAL_AFTER_IL = frozenset(
    {"y", "faut", "fait", "pleut", "semble", "parait", "reste", "s'agit", "suffit", "vaut"}
)
ZH_FIRST = ("我们", "咱们", "我")
ZH_SECOND = ("你们", "您", "你")
ZH_THIRD_SINGULAR = ("他", "她")
#: Imperatives open with these: "Don't forget…", "别担心", "Jangan risau" speak to the listener.
IMPERATIVE_NEG = frozenset({"jangan"})
ZH_IMPERATIVE = ("别", "不要", "不用")
TITLES = frozenset(
    {"mr", "mrs", "ms", "miss", "dr", "m.", "mme", "mlle", "monsieur", "madame", "mademoiselle", "encik", "puan",
     "cik", "tuan", "dato", "datin", "prof", "captain", "capitaine", "sir", "lady", "lord"}
)
ZH_TITLES = ("先生", "女士", "太太", "小姐", "老师", "阿姨", "医生", "经理", "总")

#: Words that open a clause without being its subject.
DISCOURSE = frozenset(
    {"and", "but", "so", "well", "oh", "also", "then", "yesterday", "today", "actually", "honestly", "now",
     "anyway", "et", "mais", "alors", "bon", "donc", "puis", "aussi", "hier", "aujourd'hui", "franchement",
     "sinon", "enfin", "bref", "perso", "dan", "tapi", "jadi", "lepas", "semalam", "sebenarnya", "hi", "hello", "hey", "bonjour", "salut", "coucou", "hai", "helo"}
)
ZH_DISCOURSE = ("但是", "而且", "所以", "然后", "还有", "不过", "其实", "另外", "昨天", "今天", "现在", "以前")

# --------------------------------------------------------------------------- clause boundaries

#: Conjunctions that start a new clause (the negation before them stops there).
CLAUSE_BREAKS = frozenset(
    {"but", "because", "although", "though", "whereas", "while", "when", "whenever", "if", "unless",
     "since", "except", "mais", "car", "puisque", "quand", "lorsque", "lorsqu'", "si", "sauf", "donc",
     "pourtant", "cependant", "tapi", "tetapi", "namun", "kerana",
     "sebab", "jika", "kalau", "bila", "apabila", "walaupun", "kecuali", "cuma", "padahal"}
)
#: "and"/"et"/"dan" split only before a new subject ("and I", "et je").
COORDINATORS = frozenset({"and", "et", "dan", "&"})
ZH_CLAUSE_BREAKS = frozenset(
    {"但是", "但", "可是", "不过", "因为", "所以", "虽然", "如果", "要是", "当", "除了", "而是", "然而", "只是"}
)
#: Relative pronouns open a *segment*: a negation inside it does not reach back.
RELATIVES = frozenset({"that", "which", "who", "whom", "whose", "where", "qui", "que", "qu'", "dont", "yang"})
#: Nouns for people, besides relations: "met a woman named Jean…" names someone.
PERSON_NOUNS = frozenset(
    {"woman", "man", "guy", "lady", "girl", "boy", "person", "people", "someone", "homme", "personne", "gens",
     "quelqu'un", "orang", "perempuan", "lelaki", "seseorang", "wanita"}
)
ZH_PERSON_NOUNS = ("女人", "男人", "女士", "先生", "有人", "别人", "一个人")

#: Words after which an object is left out or pointed to ("I do", "j'adore ça").
ANAPHORA = frozenset({"it", "them", "this", "that", "ca", "cela", "ceci", "itu", "ini", "one"})
ZH_ANAPHORA = ("它", "这个", "那个", "这", "那")

#: "me too", "moi aussi": the clause repeats the previous one, for the user.
ECHO = (
    re.compile(
        r"^(?:me too|same here|so do i|so am i|moi aussi|moi de m[eê]me|saya juga|aku juga|sy juga|saya pun sama)\b"
    ),
    re.compile(r"^(?:me neither|neither do i|nor do i|moi non plus|saya pun tak|saya pun tidak|aku pun tak)\b"),
)
ZH_ECHO = ("我也是", "我也一样", "我也不", "我也没")
