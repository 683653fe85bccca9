"""A battery of secrets as people type them to a chatbot, in English, French, Chinese and
Malay: (sentence, the secret it carries). Each secret is distinctive, so finding it anywhere
later (a store column, a log line, an export) means it was kept. The first eight are the
phrasings issue #13 found never redacted."""

from __future__ import annotations

BATTERY: list[tuple[str, str]] = [
    # -- issue #13's eight phrasings that escaped every rule --------------------------------
    ("my password is sunshine and I keep forgetting it", "sunshine"),
    ("pw: Tr0ub4dor3 for the shared drive", "Tr0ub4dor3"),
    ("I use mangotango as my password everywhere, is that bad?", "mangotango"),
    ("PIN saya 4826, tolong jangan beritahu sesiapa", "4826"),
    ("card 4539.1488.0343.6467 expires next month", "4539.1488.0343.6467"),
    ("the OTP is 482 913, please hurry", "482 913"),
    (
        "webhook: https://hooks.slack.com/services/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 for alerts",
        "x9QpLmZr3TfYk2wVbN8sHcJd",
    ),
    (
        "my discord webhook https://discord.com/api/webhooks/112233445566778899/Zk3-pQ9vLm2xT7yBnR4sWc8eHj6uFa1dGo5iKt0rYb_NvM3",
        "Zk3-pQ9vLm2xT7yBnR4sWc8eHj6uFa1dGo5iKt0rYb_NvM3",
    ),
    # -- English --------------------------------------------------------------------------------
    ("My password is Hunter2!x, don't share it", "Hunter2!x"),
    ("password: correcthorsebatterystaple", "correcthorsebatterystaple"),
    ("the wifi password is 'blue-otter-77'", "blue-otter-77"),
    ("my passcode is 739184", "739184"),
    ("the door code is 5831#", "5831#"),
    ("my PIN is 9064", "9064"),
    ("here is my api key sk-proj-Qw8rT2yU4iO6pA9sD1fG3hJ5kL7zX0cV", "sk-proj-Qw8rT2yU4iO6pA9sD1fG3hJ5kL7zX0cV"),
    ("github token ghp_R7tY9uI2oP4aS6dF8gH0jK1lZ3xC5vB7nM9q", "ghp_R7tY9uI2oP4aS6dF8gH0jK1lZ3xC5vB7nM9q"),
    ("AWS key AKIAZ7Q4M2X9T5R8W3PL", "AKIAZ7Q4M2X9T5R8W3PL"),
    ("stripe sk_live_51HqT8kLmN3pQ7rS9tU2vW4x", "sk_live_51HqT8kLmN3pQ7rS9tU2vW4x"),
    ("slack bot token xoxb-2048-8192-Rk4Tq9WmZ2Lp", "xoxb-2048-8192-Rk4Tq9WmZ2Lp"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyNDIifQ.Qk3mZ9pL2xT7yBnR4sWc8eHj6uFa1dGo", "eyJzdWIiOiJ1c2VyNDIifQ"),
    ("my visa is 4111 1111 1111 1111", "4111 1111 1111 1111"),
    ("amex 378282246310005 for the hotel", "378282246310005"),
    ("cvv 847 on the back", "cvv 847"),
    ("my verification code is 605218", "605218"),
    ("IBAN GB82 WEST 1234 5698 7654 32 for the refund", "GB82 WEST 1234 5698 7654 32"),
    ("login to https://admin:S3cr3tPass@router.local/setup", "S3cr3tPass"),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7qZx3Lp9\n-----END RSA PRIVATE KEY-----",
        "MIIEpAIBAAKCAQEA7qZx3Lp9",
    ),
    ("Authorization: Bearer tK9fQ2mX7pL4vR8sW3yZ6bN1cJ5hG0dA", "tK9fQ2mX7pL4vR8sW3yZ6bN1cJ5hG0dA"),
    ("my telegram bot token is 6123456789:AAHk3Zp9QmT2xL7vR4sW8yB1nC6jF0dGhE", "AAHk3Zp9QmT2xL7vR4sW8yB1nC6jF0dGhE"),
    ("the secret is 'purple-walrus-in-june' for the vault", "purple-walrus-in-june"),
    ("my bank login password: Kangaroo#2024", "Kangaroo#2024"),
    ("the alarm code is 2580, set it when you leave", "2580"),
    (
        "sendgrid 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",
        "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
    ),
    ("my password for netflix is velvetmorning", "velvetmorning"),
    ("passphrase = ocean tiger velvet lamp", "ocean tiger velvet lamp"),
    # -- French --------------------------------------------------------------------------------
    ("mon mot de passe est Soleil2024!", "Soleil2024!"),
    ("mon mot de passe est framboise et je l'oublie tout le temps", "framboise"),
    ("mdp : Chouquette77", "Chouquette77"),
    ("le digicode de l'immeuble est 47B19", "47B19"),
    ("mon code PIN est 3517", "3517"),
    ("le code de vérification est 771 204", "771 204"),
    ("ma carte bleue 4970 1012 3456 7893 a expiré", "4970 1012 3456 7893"),
    ("mon IBAN FR76 3000 6000 0112 3456 7890 189", "FR76 3000 6000 0112 3456 7890 189"),
    ("j'utilise papillonbleu comme mot de passe", "papillonbleu"),
    ("la clé wifi est 'tournesol-38'", "tournesol-38"),
    ("mon cryptogramme est 392", "cryptogramme est 392"),
    ("le code de l'alarme : 8642", "8642"),
    ("voici ma clé API sk-ant-api03-Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5", "sk-ant-api03-Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5"),
    ("mot de passe : coquelicot", "coquelicot"),
    # -- Chinese ---------------------------------------------------------------------------------
    ("我的密码是 qwe123456", "qwe123456"),
    ("密码：Panda@888", "Panda@888"),
    ("验证码 735921，请尽快输入", "735921"),
    ("我的银行卡号 6222 0212 3456 7890 128", "6222 0212 3456 7890 128"),
    ("支付密码是 880914", "880914"),
    ("门禁码 2468#", "2468#"),
    ("我用 bluewhale99 当密码", "bluewhale99"),
    ("我的信用卡 5500 0055 5555 5559 到期了", "5500 0055 5555 5559"),
    ("我的API密钥是 sk-Hq7Lp2Zx9Tm4Vr8Ws3Yb6Nc1Jd5Gf0Ak", "sk-Hq7Lp2Zx9Tm4Vr8Ws3Yb6Nc1Jd5Gf0Ak"),
    ("动态码 58 21 90", "58 21 90"),
    # -- Malay -----------------------------------------------------------------------------------
    ("kata laluan saya ialah Durian#88", "Durian#88"),
    ("kata laluan saya rambutanmanis, jangan kongsi", "rambutanmanis"),
    ("kod pengesahan 918273", "918273"),
    ("nombor PIN saya ialah 7302", "7302"),
    ("kad kredit saya 4012 8888 8888 1881", "4012 8888 8888 1881"),
    ("TAC 554 120 untuk pindahan", "554 120"),
    ("saya guna kelapasawit sebagai kata laluan", "kelapasawit"),
    ("kod OTP anda 640 375", "640 375"),
]
