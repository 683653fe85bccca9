"""Calibration examples of the secrets filter, per language, as
``tests/calibration_example.py``'s ``Ex``."""

from __future__ import annotations

from tests.calibration_example import D, K, Ex

# For secrets, ``user`` holds the expected text after redaction ("" when unchanged or dropped).
SECRETS = [
    # en
    Ex("en", D, "The user's Wi-Fi password is Sunflower2024!", ""),
    Ex("en", D, "Shared OpenAI API key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv", ""),
    Ex("en", D, "OTP code is 482913", ""),
    Ex("en", D, "Card number 4111 1111 1111 1111", ""),
    Ex("en", D, "GitHub token ghp_aB3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6", ""),
    Ex("en", D, "AWS access key AKIAIOSFODNN7EXAMPLE", ""),
    Ex(
        "en",
        K,
        "Paid for the Qatar Airways flight to Kuala Lumpur with card 4111-1111-1111-1111",
        "Paid for the Qatar Airways flight to Kuala Lumpur with card [redacted]",
    ),
    Ex(
        "en",
        K,
        "Received verification code 583920 from Maybank to confirm a RM500 transfer",
        "Received verification code [redacted] from Maybank to confirm a RM500 transfer",
    ),
    Ex("en", K, "Order 402-7781234-5510 was delivered to the wrong address", ""),
    Ex("en", K, "Tracking number LP00612345678901 for the grow lights", ""),
    Ex("en", K, "Changed the Netflix password yesterday because of a login alert", ""),
    Ex("en", K, "Booking reference KX7Q2M for the Doha flight", ""),
    # fr
    Ex("fr", D, "Le mot de passe de la box est Soleil2024!", ""),
    Ex("fr", D, "Code de vérification : 739104", ""),
    Ex("fr", D, "Le digicode de l'immeuble est 4821B", ""),
    Ex("fr", D, "Numéro de carte bancaire : 4970 1012 3456 7893", ""),
    Ex("fr", D, "IBAN FR76 3000 6000 0112 3456 7890 189", ""),
    Ex(
        "fr",
        K,
        "A payé la réparation de la chaudière (310 €) avec la carte 4970 1012 3456 7893",
        "A payé la réparation de la chaudière (310 €) avec la carte [redacted]",
    ),
    Ex("fr", K, "Commande Cdiscount CD-88120457, livraison prévue le 15 novembre", ""),
    Ex("fr", K, "Dossier sinistre MAIF n° 24-PA-556180 après l'orage du 9 juin", ""),
    Ex("fr", K, "A oublié son mot de passe Ameli et a demandé un nouveau code par courrier", ""),
    Ex("fr", K, "Numéro de suivi Colissimo CP482915367FR", ""),
    # zh
    Ex("zh", D, "用户的WiFi密码是abc12345", ""),
    Ex("zh", D, "验证码是 483920", ""),
    Ex("zh", D, "银行卡号 6222 0212 3456 7890 128", ""),
    Ex("zh", D, "支付密码为 135790", ""),
    Ex("zh", D, "API密钥 sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv", ""),
    Ex(
        "zh",
        K,
        "用户收到验证码 582931，用于确认在京东购买的洗衣机订单",
        "用户收到验证码 [redacted]，用于确认在京东购买的洗衣机订单",
    ),
    Ex("zh", K, "用户在淘宝买了二胡琴弦，订单号3487261905", ""),
    Ex("zh", K, "用户订了10月18日图卢兹飞大阪的机票，订座编号ZT4N8R", ""),
    Ex("zh", K, "用户忘记了网银密码，明天去银行重置", ""),
    Ex("zh", K, "用户的快递单号是SF1234567890123", ""),
    # ms
    Ex("ms", D, "Kata laluan Wi-Fi ialah Rumah@123", ""),
    Ex("ms", D, "Kod pengesahan 582913", ""),
    Ex("ms", D, "Nombor kad kredit 5555 5555 5555 4444", ""),
    Ex("ms", D, "Nombor PIN kad ATM ialah 4826", ""),
    Ex("ms", D, "Kod TAC 649201 untuk pindahan", ""),
    Ex(
        "ms",
        K,
        "Membayar hotel di Singapura dengan kad 5555 5555 5555 4444",
        "Membayar hotel di Singapura dengan kad [redacted]",
    ),
    Ex("ms", K, "Pesanan Lazada 2407155829134 untuk kerusi roda ibunya", ""),
    Ex("ms", K, "Nombor penjejakan Pos Laju EE704518236MY", ""),
    Ex("ms", K, "Terlupa kata laluan Maybank2u dan perlu ke cawangan", ""),
    Ex("ms", K, "Nombor bil udara DHL 7734019265 untuk kopi dari Ipoh", ""),
]
