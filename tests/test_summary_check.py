"""A summariser's answer must be a profile (issue #25): JSON, an echo of the customer's words,
a refusal or another language is rejected and the old summary stays."""

from __future__ import annotations

from souvenir.profile.summary_check import summary_problem

MESSAGE = "I want to return the blue kettle from order LZ-7731, it leaks."


def test_prose_profiles_in_each_language_pass():
    assert summary_problem("Wants to return a leaking blue kettle (order LZ-7731).", [MESSAGE], "en") is None
    assert summary_problem("客户想退回订单LZ-7731中漏水的蓝色水壶，住在怡保。", ["我想退货"], "zh") is None
    assert summary_problem("Habite à Lyon, n'aime pas le café, commande un colis végétarien.", ["x"], "fr") is None
    assert summary_problem("Tinggal di Shah Alam dan tidak makan makanan pedas.", ["x"], "ms") is None
    assert summary_problem("Wants to return a leaking kettle.", [MESSAGE], None) is None


def test_json_an_echo_and_a_refusal_are_rejected():
    assert summary_problem('{"prior_profile": "", "recent_questions": []}', [MESSAGE], "en")
    assert summary_problem('```json\n{"summary": "x"}\n```', [MESSAGE], "en")
    assert summary_problem('["Lives in Ipoh"]', [MESSAGE], "en")
    # a model echoing its input behind a preamble (new-user lane, session 10): prose holding the data
    echoed = 'Fake reply to: {"prior_profile": "", "recent_questions": ["I want to return'
    assert "JSON" in summary_problem(echoed, [MESSAGE], "en")
    assert "JSON" in summary_problem('Profil : {"new_message": "Je veux rendre la bouilloire"}', ["x"], "fr")
    assert "echo" in summary_problem(MESSAGE, [MESSAGE], "en")
    assert "echo" in summary_problem("I want to return the blue kettle from order LZ-7731 please", [MESSAGE], "en")
    assert "refusal" in summary_problem("I'm sorry, but I cannot summarize this customer.", [MESSAGE], "en")
    assert "refusal" in summary_problem("抱歉，我无法完成这个请求。", ["我想退货"], "zh")
    assert "refusal" in summary_problem("Maaf, saya tidak dapat membantu.", ["x"], "ms")


def test_another_language_than_the_customers_is_rejected_when_it_is_clear():
    assert "language" in summary_problem("The customer lives in Lyon and does not like coffee at all.", ["x"], "fr")
    assert "language" in summary_problem("The customer wants to return the kettle.", ["x"], "zh")
    assert summary_problem("LZ-7731", ["x"], "fr") is None  # no evidence of a language: kept
