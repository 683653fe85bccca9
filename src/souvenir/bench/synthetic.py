"""Synthetic multilingual memories and near variants, seeded, for tests and benchmarks.

``make_corpus(size, seed)`` gives ``size`` sentences in French, English, Malay and Chinese,
about half of them near variants of earlier ones (the rewordings an extractor produces, and
traps: a changed number, an added negator, a swapped pair of letters). No I/O.
"""

from __future__ import annotations

import random


_FR = [
    "L'utilisateur {neg_fr}aime le {food_fr} {when_fr}",
    "Le contrat prévoit {n} séances à {m} € chacune {when_fr}",
    "Rendez-vous chez le {doc_fr} {day_fr} {mod_fr} à {h}h{mm}",
    "Le colis {code} doit arriver {rel_fr}",
    "L'utilisateur loue le studio à {name} pour {m} € par mois plus {n} € de charges",
    "{name} {neg_fr}aime discuter de ses problèmes avec {name2}",
    "L'utilisateur prend {n} mg de {drug} le {part_fr} pour sa tension",
    "L'utilisateur part en vacances à {city} en {month_fr}, mais pas longtemps",
]
_EN = [
    "The user {neg_en}likes {food_en} {when_en}",
    "The contract includes {n} sessions at {m} euros each",
    "Dentist appointment {mod_en} {day_en} at {h}:{mm}",
    "Parcel {code} should arrive {rel_en}",
    "The user's tenant {name} pays {m} euros a month plus {n} for charges",
    "{name} {neg_en}likes talking about his problems with {name2}",
    "The user takes {n} mg of {drug} every {part_en} for blood pressure",
    "The user flies to {city} in {month_en} with {name}",
]
_MS = [
    "Pengguna {neg_ms}suka makan {food_ms} {when_ms}",
    "Bungkusan {code} sampai {rel_ms}",
    "Temu janji doktor gigi {day_ms} {mod_ms} pukul {h}",
    "Pengguna membayar sewa RM{m} sebulan kepada {name}",
    "Pengguna bermain badminton di {city} setiap {day_ms} {part_ms}",
]
_ZH = [
    "用户{neg_zh}喜欢吃{food_zh}",
    "{rel_zh}下午{zh_n}点去驿站取快递{code}",
    "用户每个月给妹妹转{m}令吉，用来补贴家用和母亲的药费",
    "用户{neg_zh}想{rel_zh}和{name}一起去{city}看医生",
    "用户在{city}订了酒店，住{zh_n}晚，一共{m}欧元",
]
_SLOTS = {
    "neg_fr": ["", "n'", "ne "],
    "neg_en": ["", "doesn't ", "no longer "],
    "neg_ms": ["", "tak ", "tidak "],
    "neg_zh": ["", "不", "没"],
    "food_fr": ["thé vert", "thé noir", "café", "durian", "jazz"],
    "food_en": ["green tea", "black coffee", "durian", "spicy food", "jazz"],
    "food_ms": ["durian", "sambal pedas", "nasi lemak", "ketam"],
    "food_zh": ["香菜", "榴莲", "辣椒", "菠萝蜜"],
    "when_fr": ["", "le matin", "le soir", "depuis 2019", "ce soir", "demain soir"],
    "when_en": ["", "in the morning", "at night", "since 2019", "tonight"],
    "when_ms": ["", "pada waktu malam", "setiap pagi", "sejak 2019"],
    "doc_fr": ["dentiste", "médecin", "ophtalmologue"],
    "day_fr": ["mardi", "jeudi", "lundi"],
    "mod_fr": ["prochain", "dernier"],
    "day_en": ["Tuesday", "Thursday", "Monday"],
    "mod_en": ["next", "last"],
    "day_ms": ["Selasa", "Khamis", "Rabu"],
    "mod_ms": ["depan", "lepas"],
    "rel_fr": ["demain", "après-demain", "ce soir", "hier"],
    "rel_en": ["tomorrow", "the day after tomorrow", "tonight", "yesterday"],
    "rel_ms": ["esok", "lusa", "semalam"],
    "rel_zh": ["明天", "后天", "今天"],
    "part_fr": ["matin", "soir"],
    "part_en": ["morning", "evening"],
    "part_ms": ["pagi", "malam"],
    "month_fr": ["mai", "juin", "mars"],
    "month_en": ["May", "June", "March"],
    "name": ["Liam", "Mei Ling", "Hélène", "Faizal", "Jason"],
    "name2": ["Priya", "Adam", "Sofia"],
    "city": ["Ipoh", "Toulouse", "Singapour", "Kuala Lumpur"],
    "code": ["LZ-7731", "LZ-7740", "CP482915367FR"],
    "drug": ["amlodipine", "metformine"],
    "n": ["3", "10", "12", "2", "40", "1 250"],
    "m": ["50", "200", "520", "1250", "1 300"],
    "h": ["9", "14", "15"],
    "mm": ["00", "30"],
    "zh_n": ["三", "四", "两"],
}


def _fill(template: str, rng: random.Random) -> str:
    out = template
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        out = out[:start] + rng.choice(_SLOTS[out[start + 1 : end]]) + out[end + 1 :]
    return " ".join(out.split())


def _mutate(text: str, rng: random.Random) -> str:
    """A near variant: the kinds of rewording the extractor produces, and traps."""
    words = text.split(" ")
    kind = rng.randrange(8)
    if kind == 0 and len(words) > 3:
        del words[rng.randrange(1, len(words))]
    elif kind == 1:
        words.insert(rng.randrange(len(words) + 1), rng.choice(["very", "bien", "sangat", "很", "really"]))
    elif kind == 2:
        return text + rng.choice([".", " !", "。", ""])
    elif kind == 3:
        return text.replace(rng.choice(["3", "10", "2", "50", "200"]), rng.choice(["12", "30", "5"]))
    elif kind == 4 and len(text) > 5:
        i = rng.randrange(len(text) - 1)
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    elif kind == 5:
        return rng.choice(["Not ", "Tak ", "不", "Ne "]) + text
    elif kind == 6:
        return text + rng.choice([", avec sa femme", " with his wife", " bersama isterinya", "，和太太一起"])
    else:
        return text.upper() if rng.random() < 0.3 else text.replace("'", "’")
    return " ".join(words)


def make_corpus(size: int, seed: int) -> list[str]:
    """``size`` memories: random sentences in fr/en/ms/zh, half of them near variants."""
    rng = random.Random(seed)
    templates = _FR + _EN + _MS + _ZH
    out: list[str] = []
    while len(out) < size:
        if out and rng.random() < 0.5:
            out.append(_mutate(rng.choice(out), rng))
        else:
            out.append(_fill(rng.choice(templates), rng))
    return out
