"""Issue #26, session 14 (lane write9): the filter kinds the blind file
tests/cases/round3_extra8.jsonl missed, each written again in four languages — a chat export
whose label has its time first ("[10:42, 03/02] Priya: …"); 嘛 closing a statement (我是四川人嘛);
an offer under the listener's wish said with no subject ("if needed", « si besoin », "kalau
nak", 需要的话) and a first-person or subjectless fact beside it; a request for advice that takes
the user's own thing for granted ("Any tips for my two rabbits?", « Tu connais un bon véto pour
mon labrador ? », 我家猫, "kucing saya"); a request to delete a vague thing said ("the thing
about…", « le truc sur… », 那条, "benda pasal…"); spoken « Oublie pas que… » (no "ne"); a verbless negated attitude ("Not really into running
anymore", « Plus vraiment fan de… », 对跑步没兴趣了, "Dah tak minat lari"); an eye roll written out or an ironic sticker ("*rolls eyes*",
[白眼], [微笑] beside hyperbole, "yelah sangat")."""

from __future__ import annotations

import pytest

from tests.case_support import kept_by_filters


CASES = {
    "speaker label, time first": [
        (
            "en",
            "From the team chat:\n[10:42, 03/02] Priya: I'm flying to Porto on Monday\n[10:44, 03/02] Me: lucky you",
            "Flying to Porto on Monday",
            False,
        ),
        (
            "fr",
            "Copié du groupe :\n[09:15, 12/05/2025] Julie : je pars à Lisbonne demain\n[09:16, 12/05/2025] Moi : trop bien",
            "Part à Lisbonne demain",
            False,
        ),
        ("zh", "群聊记录：\n[20:01, 3/4] 小王：我下个月去成都出差\n[20:02, 3/4] 我：羡慕", "下个月去成都出差", False),
        (
            "ms",
            "Dari group kerja:\n[8:30 pm, 14/6] Hafiz: saya dah beli kereta baru\n[8:31 pm, 14/6] Saya: tahniah bro",
            "Dah beli kereta baru",
            False,
        ),
    ],
    "嘛 asserts": [
        ("zh", "我可以教你做川菜，我是四川人嘛", "是四川人", True),
        ("zh", "冬天我都不出门，我本来就怕冷嘛", "怕冷", True),
        ("zh", "我是老师嘛，暑假比较长", "是老师", True),
        ("zh", "你是四川人吗", "是四川人", False),
    ],
    "offer under a bare wish": [
        ("en", "I can lend you my drill if needed, I bought a new one last week", "Bought a new drill last week", True),
        ("en", "Happy to share the recipe if you like, I run a small bakery", "Runs a small bakery", True),
        ("en", "If I won the lottery, I could buy a boat", "Buys a boat", False),
        (
            "fr",
            "Si besoin, je peux te prêter ma perceuse, j'en ai acheté une nouvelle",
            "A acheté une nouvelle perceuse",
            True,
        ),
        ("fr", "Je peux t'envoyer des photos si tu veux, j'ai adopté un chaton samedi", "A adopté un chaton", True),
        ("zh", "需要的话我可以帮你看看简历，我是做HR的", "是做HR的", True),
        ("ms", "Kalau perlu, saya boleh tolong semak resume, saya kerja HR", "Kerja HR", True),
        ("ms", "Kalau nak, saya boleh hantar gambar, saya baru beli kucing", "Baru beli kucing", True),
    ],
    "advice asked for the user's thing": [
        ("en", "Any tips for keeping my two rabbits calm?", "Has two rabbits", True),
        ("en", "Can you recommend a good physio for my bad knee?", "Has a bad knee", True),
        ("en", "Any tips for adopting a dog?", "Has a dog", False),
        ("fr", "Tu connais un bon véto pour mon labrador ?", "A un labrador", True),
        ("fr", "Des conseils pour mon potager sur le balcon ?", "A un potager sur le balcon", True),
        ("zh", "有什么适合我家猫的猫粮推荐吗？", "家里有猫", True),
        ("ms", "Ada tips untuk jaga kucing saya?", "Ada kucing", True),
    ],
    "delete a vague thing said": [
        ("en", "delete pls the thing about my overdraft, it's private", "Has an overdraft", False),
        ("fr", "efface stp le truc sur mon découvert à la banque, c'est perso", "A un découvert à la banque", False),
        ("fr", "Supprime le truc de mon agenda, je suis malade", "Est malade", True),
        ("zh", "帮我删一下关于我透支的那条", "信用卡透支", False),
        ("ms", "Padam je benda pasal hutang saya tu", "Ada hutang", False),
    ],
    "don't forget keeps the fact": [
        ("fr", "Oublie pas que je suis allergique aux fruits à coque", "Allergique aux fruits à coque", True),
        ("fr", "Oubliez pas que je travaille de nuit", "Travaille de nuit", True),
        ("en", "Dont forget I work nights", "Works nights", True),
        ("zh", "别忘了我对坚果过敏", "对坚果过敏", True),
        ("ms", "Jgn lupa saya kerja malam", "Kerja malam", True),
    ],
    "a verbless negated attitude": [
        ("en", "Not really into running anymore tbh, my knees can't take it", "Enjoys running", False),
        ("en", "No longer into video games, no time", "Likes video games", False),
        ("en", "I'm really into climbing these days", "Enjoys climbing", True),
        ("en", "We moved into a flat near the park", "Likes the park", True),
        ("fr", "Pas trop fan de course à pied en ce moment", "Aime la course à pied", False),
        ("fr", "Plus vraiment fan des jeux vidéo", "Aime les jeux vidéo", False),
        ("zh", "对跑步没兴趣了", "喜欢跑步", False),
        ("zh", "现在对游戏不感兴趣了", "喜欢玩游戏", False),
        ("zh", "我对摄影很感兴趣", "喜欢摄影", True),
        ("ms", "Dah tak minat lari sekarang", "Suka lari", False),
        ("ms", "Saya minat sangat mendaki", "Suka mendaki", True),
    ],
    "an eye roll or an ironic sticker": [
        ("zh", "挤早高峰的地铁简直是人生享受呢，谁不爱呢[微笑]", "喜欢挤早高峰地铁", False),
        ("zh", "加班到半夜真开心[白眼]", "喜欢加班", False),
        ("zh", "我很喜欢周末去爬山[微笑]", "喜欢周末爬山", True),
        ("en", "Oh I just adore Monday meetings *rolls eyes*", "Enjoys Monday meetings", False),
        ("en", "Love doing taxes on a Sunday (eye roll)", "Loves doing taxes", False),
        ("en", "I really love hiking on weekends", "Loves hiking", True),
        ("fr", "J'adore les réunions du lundi *lève les yeux au ciel*", "Aime les réunions du lundi", False),
        ("ms", "Suka sangat jem waktu pagi, yelah sangat", "Suka jem waktu pagi", False),
        ("ms", "Saya suka sangat kerja lebih masa *roll eyes*", "Suka kerja lebih masa", False),
    ],
}
ROWS = [(kind, *row) for kind, rows in CASES.items() for row in rows]


@pytest.mark.parametrize(
    ("kind", "lang", "message", "candidate", "kept"), ROWS, ids=[f"{r[0]}-{r[1]}-{i}" for i, r in enumerate(ROWS)]
)
def test_kind(kind, lang, message, candidate, kept):
    assert kept_by_filters(lang, message, candidate) is kept


def test_every_kind_in_every_language():
    for kind, rows in CASES.items():
        if kind != "嘛 asserts":  # a Chinese particle
            assert {r[0] for r in rows} == {"en", "fr", "zh", "ms"}, kind
