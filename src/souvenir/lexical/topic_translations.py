"""The words a request to forget names its topic by, and their translations in en / fr / zh / ms (pure, word tables).

"Forget what I told you about my job" names « Je travaille chez Renault » and 我在腾讯工作 as
"my job" names "I work at Google": the same thing, said in another language (session 26, lane
forget4; :mod:`souvenir.write.forget_across`). A *translation group* is one meaning in the four
languages — "job" / « travail » / 工作 / "kerja", "boyfriend" / « copain » / 男朋友 / "teman
lelaki" — narrower than a topic concept of :mod:`souvenir.lexical.topic_concepts` (``debt``
holds "mortgage", "owe" and « rembourser »; its group "debt" holds only the words for a debt),
so a word read through its group names what the word itself would name in the memory's
language, and no more.

- :func:`topic_groups`: the groups of a request's topic words (a Latin word by its folded key
  or stem; a Chinese word holding the group's word; two words together for a phrase: "teman
  lelaki", « petit ami »).
- :func:`holds_group`: whether a memory's text holds a word of a group.

Where the lists came from: the brief's topic kinds (kinship — read by
:func:`souvenir.read.scoring.kinship.kin_concepts`, not here —, home, work, health, money,
school, partner) and the common words of each in the four languages, written before the
multilingual suites were read for the over-reach count (``bench/forget_across_reach.py``).
A word of two meanings across the languages is left out (French « chat » is English "chat",
« mari » is also a name, Chinese 家 is also 大家 and 专家, 车 also 火车).

Shape::

    topic_groups(tokenize("my boyfriend"))  -> [(frozenset({1}), 9)]   # token indices, group id
    holds_group(9, "Mon copain s'appelle Marc") -> True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical.tagged import Tok, stem, tokenize
from souvenir.lexical.text_cache import text_cache

__all__ = ["GROUPS", "holds_group", "topic_groups"]

# fmt: off
# One meaning a line: Latin words (a phrase's words joined by "_") | Chinese words.
GROUPS: tuple[tuple[str, str], ...] = (
    ("address addresses adresse adresses alamat", "地址 住址"),
    ("house home flat apartment maison appartement appart domicile logement rumah kediaman", "房子 公寓 住处 住所"),
    ("live lives living lived reside resides habite habites habitent habiter vis vit tinggal menetap", "住在 住的 居住"),
    ("job jobs work works working worked career employment travail travaille travailles travaillent travailler"
     " boulot emploi metier kerja bekerja pekerjaan kerjaya", "工作 上班 职业"),
    ("boss employer patron patronne employeur bos majikan", "老板 上司 雇主"),
    ("colleague colleagues coworker coworkers collegue collegues rakan_sekerja", "同事"),
    ("health sante kesihatan", "健康"),
    ("doctor doctors medecin docteur doktor", "医生 大夫"),
    ("hospital hopital hospital", "医院"),
    ("medication medications medicine medicines medicament medicaments ubat", "药物 吃药"),
    ("diabetes diabete diabetique kencing_manis", "糖尿病"),
    ("asthma asthme asma", "哮喘"),
    ("cancer kanser", "癌"),
    ("depression depressed deprime kemurungan murung", "抑郁"),
    ("allergy allergies allergic allergie allergique alahan alergi", "过敏"),
    ("pregnant pregnancy enceinte grossesse hamil mengandung kehamilan", "怀孕"),
    ("money cash argent fric duit wang", "钱"),
    ("problem problems trouble troubles worry worries probleme problemes souci soucis ennui ennuis masalah", "问题 困难 麻烦"),
    ("debt debts indebted dette dettes endette hutang berhutang", "债"),
    ("loan loans mortgage pret emprunt hypotheque pinjaman", "贷款 房贷"),
    ("salary wage wages salaire gaji", "工资 薪水 薪资"),
    ("rent loyer sewa", "房租 租金"),
    ("school schools ecole ecoles lycee college sekolah", "学校 中学 小学 高中 上学"),
    ("university universities uni universite fac universiti", "大学"),
    ("boyfriend boyfriends copain petit_ami teman_lelaki pakwe", "男朋友 男友"),
    ("girlfriend girlfriends copine petite_amie teman_wanita makwe", "女朋友 女友"),
    ("partner compagnon compagne conjoint conjointe partenaire pasangan", "伴侣 对象"),
    ("wedding marriage married marry mariage mariee kahwin berkahwin perkahwinan nikah", "婚礼 结婚"),
    ("divorce divorced divorcee cerai bercerai perceraian", "离婚"),
    ("ex exes bekas_kekasih", "前任 前男友 前女友 前夫 前妻"),
    ("phone telephone telefon", "电话 手机"),
    ("email courriel emel e-mel", "邮箱 邮件"),
    ("birthday anniversaire hari_jadi harijadi", "生日"),
    ("cat cats kucing", "猫"),
    ("dog dogs chien chiens anjing", "狗"),
)
# fmt: on

_LATIN: dict[str, frozenset[int]] = {}
_PHRASES: list[tuple[tuple[str, ...], int]] = []
for _id, (_latin, _han) in enumerate(GROUPS):
    for _word in _latin.split():
        if "_" in _word:
            _PHRASES.append((tuple(_word.split("_")), _id))
            continue
        for _form in {_word, stem(_word)}:
            _LATIN[_form] = _LATIN.get(_form, frozenset()) | {_id}
_HAN: tuple[tuple[tuple[str, ...], int], ...] = tuple((tuple(han.split()), i) for i, (_, han) in enumerate(GROUPS))
_PHRASE_RE = {i: re.compile(rf"\b{' '.join(words)}\b") for words, i in _PHRASES}


def topic_groups(topic: Sequence[Tok]) -> list[tuple[frozenset[int], int]]:
    """The translation groups of ``topic``'s words: ``(token indices, group id)`` pairs, a
    phrase's two words one pair; a word of no group has none."""
    out: list[tuple[frozenset[int], int]] = []
    for at, tok in enumerate(topic):
        if tok.cjk:
            out += [(frozenset({at}), i) for words, i in _HAN if any(w in tok.key for w in words)]
        else:
            out += [(frozenset({at}), i) for i in _LATIN.get(tok.key, frozenset()) | _LATIN.get(tok.stem, frozenset())]
    for words, group in _PHRASES:
        size = len(words)
        for at in range(len(topic) - size + 1):
            if tuple(tok.key for tok in topic[at : at + size]) == words:
                out.append((frozenset(range(at, at + size)), group))
    return out


@text_cache(20_000)
def _text_groups(text: str) -> frozenset[int]:
    tokens = tokenize(text)
    found: set[int] = set()
    han = "".join(tok.key for tok in tokens if tok.cjk)
    for tok in tokens:
        if not tok.cjk:
            found |= _LATIN.get(tok.key, frozenset()) | _LATIN.get(tok.stem, frozenset())
    found |= {i for words, i in _HAN if any(w in han for w in words)}
    keys = " ".join(tok.key for tok in tokens if not tok.cjk)
    found |= {i for i, pattern in _PHRASE_RE.items() if pattern.search(keys)}
    return frozenset(found)


def holds_group(group: int, text: str) -> bool:
    """Whether the memory ``text`` holds a word of translation group ``group``."""
    return group in _text_groups(text)
