"""Issue #26, session 14 (lane write9): a negation whose object stands apart, by kind, in four
languages — a dislocated object taken up by a clitic or a pronoun (« Le fromage, j'en mange
plus », "Red meat — I haven't eaten it in years"), a topicalised object with a gap
(奶茶，我早就不喝了, "Kopi, saya dah tak minum"), a fronted topic with no comma (奶茶我早就不碰了,
"Rokok tu saya dah lama tak hisap", « Le fromage j'en mange plus »); spoken French negation
after the verb (« je mange pas de viande », « j'en bois jamais »); the "plus" of « je bois
plus de café depuis un mois » (no more, unless the candidate repeats it: « Mange plus de
légumes »). Through the negation filter's case runner (``souvenir eval cases``' kind
``filter``)."""

from __future__ import annotations

import pytest

from tests.case_support import kept_by_filters


FLIPPED = [
    # a dislocated object taken up by a pronoun
    ("fr", "Le fromage, j'en mange plus depuis mon régime.", "Mange du fromage"),
    ("fr", "Les huîtres, j'y touche plus depuis l'intoxication.", "Mange des huîtres"),
    ("fr", "Le café, je le bois plus du tout.", "Boit du café"),
    ("fr", "La viande, j'en mange jamais.", "Mange de la viande"),
    ("en", "Red meat — I haven't eaten it in years.", "Eats red meat"),
    ("en", "Coffee, I don't drink it anymore.", "Drinks coffee"),
    ("en", "Soda, I never touch it.", "Drinks soda"),
    # a topicalised object with no pronoun (the verb stands alone)
    ("zh", "奶茶，我早就不喝了", "喝奶茶"),
    ("zh", "咖啡我现在不喝了", "喝咖啡"),
    ("zh", "辣的我一点都不吃了", "吃辣的"),
    ("ms", "Kopi, saya dah tak minum.", "Minum kopi"),
    ("ms", "Teh tarik, aku tak minum dah", "Suka minum teh tarik"),
    # fronted with no comma
    ("zh", "奶茶我早就不碰了", "喜欢喝奶茶"),
    ("ms", "Rokok tu saya dah lama tak hisap", "Hisap rokok"),
    ("fr", "Le vin j'en bois plus depuis l'an dernier", "Boit du vin"),
    ("en", "Coffee I don't drink anymore", "Drinks coffee"),
    ("ms", "Daging merah saya dah tak makan", "Makan daging merah"),
    ("ms", "Rokok, dah lama aku tak sentuh", "Hisap rokok"),
    ("zh", "酒嘛，我早就戒了", "喝酒"),
    ("zh", "肉我已经不吃了", "吃肉"),
    # spoken French negation after the verb, and the "plus" that stops
    ("fr", "Je mange pas de viande", "Mange de la viande"),
    ("fr", "Je bois jamais d'alcool", "Boit de l'alcool"),
    ("fr", "Je bois plus de café depuis un mois", "Boit du café"),
    ("fr", "Je mange plus du tout de sucre", "Mange du sucre"),
    ("fr", "Je fume plus depuis deux ans", "Fume"),
]

KEPT = [
    ("fr", "Le fromage, j'en mange tous les jours.", "Mange du fromage"),
    ("en", "Coffee, I drink it every morning.", "Drinks coffee"),
    ("zh", "奶茶我每天都喝", "喝奶茶"),
    ("ms", "Kopi, saya minum setiap pagi.", "Minum kopi"),
    ("ms", "Rokok tu saya hisap tiap hari", "Hisap rokok"),
    ("en", "Coffee I drink every morning", "Drinks coffee"),
    ("ms", "Daging merah saya makan seminggu sekali", "Makan daging merah"),
    # "more": compared, intensified, or the candidate's own reading
    ("fr", "Je mange plus de légumes qu'avant", "Mange des légumes"),
    ("fr", "Je bois beaucoup plus d'eau depuis l'été", "Boit de l'eau"),
    ("fr", "Je mange de plus en plus de poisson depuis janvier", "Mange du poisson"),
    ("fr", "Je mange plus de légumes depuis janvier", "Mange plus de légumes"),
    ("fr", "Je travaille plus depuis que j'ai été promue", "Travaille beaucoup"),
    # a time first is no topic; a clause with its own object is no gap
    ("fr", "Hier soir, j'en ai pas mangé", "Mange du fromage"),
    ("en", "Last week, I didn't drink it", "Drinks coffee"),
    ("en", "I don't like Mondays, but I do like the Monday deliveries", "Likes Monday deliveries"),
    ("zh", "周末，我不喝咖啡", "喝茶"),
]


@pytest.mark.parametrize(("lang", "message", "candidate"), FLIPPED, ids=[f"{c[0]}-{i}" for i, c in enumerate(FLIPPED)])
def test_the_object_standing_apart_is_negated(lang, message, candidate):
    assert not kept_by_filters(lang, message, candidate, "[negation] test")


@pytest.mark.parametrize(("lang", "message", "candidate"), KEPT, ids=[f"{c[0]}-{i}" for i, c in enumerate(KEPT)])
def test_what_is_not_negated_is_kept(lang, message, candidate):
    assert kept_by_filters(lang, message, candidate, "[negation] test")


def test_every_language_is_tested():
    assert {c[0] for c in FLIPPED} == {c[0] for c in KEPT} == {"en", "fr", "zh", "ms"}
