"""National identity numbers are redacted as secrets are; numbers of the same shape that fail
the issuer's check (orders, tracking, phones, dates) are kept word for word."""

from __future__ import annotations

import pytest

from souvenir.privacy import redact

REDACTED = [
    ("我的身份证号是11010519491231002X", "11010519491231002X"),
    ("身份证 440301199003071230 已经上传", "440301199003071230"),
    ("my IC is 900101-14-5678, can you check my account?", "900101-14-5678"),
    ("kad pengenalan saya 850214-10-5523", "850214-10-5523"),
    ("SSN: 078-05-1120.", "078-05-1120"),
    ("mon numéro de sécu est le 1 85 05 78 006 084 91", "1 85 05 78 006 084 91"),
    ("NIR 185057800608491", "185057800608491"),
    ("numéro de sécurité sociale 2 69 05 2A 004 001 39", "2 69 05 2A 004 001 39"),
]

KEPT = [
    "order 11010519491231002 shipped",  # 17 digits: no check character
    "tracking 123456789012345678",  # 18 digits, not MOD 11-2
    "call me at 012-345-6789",  # a phone number
    "the date 2024-12-01",
    "invoice 2024-0117-55",
    "ref 901301-14-5678",  # month 13: no MyKad
    "order 900101-14-5678X",  # part of a longer code
    "id 666-12-3456",
    "id 123-00-4567",  # never issued as an SSN
    "my number 185057800608436",  # NIR with a wrong key
]


@pytest.mark.parametrize("text, number", REDACTED)
def test_a_national_id_is_redacted(text, number):
    out, kinds = redact(text)
    assert number not in out and "[redacted]" in out and "national_id" in kinds


@pytest.mark.parametrize("text", KEPT)
def test_a_number_of_the_same_shape_is_kept(text):
    assert redact(text) == (text, [])
