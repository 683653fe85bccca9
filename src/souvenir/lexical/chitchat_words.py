"""The words a chit-chat sentence may be made of (:mod:`souvenir.lexical.chitchat`, kind ``empty``).

A sentence is ``empty`` when nothing is left once these, pronouns, stop words and the names
called out are set aside. Latin words as folded keys (accents off); Chinese as substrings,
:data:`ZH_CHITCHAT_LONGEST` tried longest first.
"""

from __future__ import annotations

__all__ = ["CHITCHAT", "ZH_CHITCHAT", "ZH_CHITCHAT_LONGEST"]

#: Words of chit-chat (folded keys; accents off): greetings, thanks, farewells, agreement,
#: praise, exclamations, feelings said to someone, intensifiers.
CHITCHAT = frozenset(
    """
    hey hi hello hiya yo howdy morning evening afternoon night greetings welcome
    thanks thank thx ty tysm appreciate appreciated appreciation grateful cheers bye goodbye later soon
    care luck wish wishes wishing congrats congratulations kudos cherish moment moments make makes made
    agree agreed agreeing totally completely absolutely definitely exactly indeed true truly right
    sure same course certainly yep yup yes yeah ya okay ok alright fair point
    great awesome amazing wonderful fantastic cool nice lovely beautiful gorgeous cute sweet incredible
    impressive stunning fancy good best better perfect brilliant excellent fabulous terrific neat adorable
    pretty fun special super epic inspiring touching wicked rad sick dope blast
    proud glad happy thrilled stoked excited sorry delighted pleased thankful take
    wow whoa woah omg gosh yay haha hahaha hehe lol lmao aw aww awww ooh ah ahh hmm huh oops
    so really very totally truly super such quite extremely incredibly seriously literally
    look looks looked sound sounds sounded seem seems seemed like
    word words mean means meant lot kind kindly
    keep posted touch talk talking later catch
    hear heard news job well done effort
    100 100% xoxo xx
    salut bonjour bonsoir coucou merci remercie bye revoir bientot ciao plus
    accord d'accord daccord exactement carrement absolument clairement vrai raison evidemment
    genial geniale super magnifique beau belle beaux belles joli jolie chouette top incroyable formidable
    bravo felicitations extra sympa adorable mignon mignonne waouh ouah mdr trop cool parfait
    content contente ravi ravie heureux heureuse fier fiere desole desolee gentil gentille bonne journee soiree nuit
    air semble
    hai helo hello assalamualaikum salam selamat pagi petang malam terima kasih tq tqvm
    jumpa setuju betul memang bagus cantik cantiknya hebat hebatnya comel comelnya best wah
    tahniah syabas mantap lawa lawanya seronok gembira bangga nampak sedap sedapnya
    hopefully esperons insya-allah insyaallah insyallah inshallah inshaallah in-sya-allah
    """.split()
)
ZH_CHITCHAT = (
    "你好",
    "嗨",
    "哈喽",
    "早上好",
    "晚上好",
    "早安",
    "晚安",
    "谢谢",
    "多谢",
    "感谢",
    "谢了",
    "再见",
    "拜拜",
    "回头见",
    "下次聊",
    "同意",
    "没错",
    "对啊",
    "确实",
    "当然",
    "是的",
    "好的",
    "太棒了",
    "太好了",
    "棒",
    "厉害",
    "漂亮",
    "好看",
    "可爱",
    "美",
    "赞",
    "牛",
    "不错",
    "哇",
    "天哪",
    "恭喜",
    "但愿",
    "祝贺",
    "加油",
    "哈哈",
    "嘻嘻",
    "开心",
    "高兴",
    "骄傲",
    "羡慕",
    "辛苦了",
    "好吧",
    "嗯",
    "行",
    "收到",
    "明白",
    "知道了",
    "真好",
    "好",
    "对",
    "一定",
    "绝对",
    "完全",
    "超",
    "真",
    "很",
    "太",
    "了",
    "啊",
    "呀",
    "吧",
    "呢",
    "哦",
    "看起来",
    "听起来",
    "好像",
    "为",
    "这",
    "那",
    "个",
    "的",
    "你",
    "您",
    "们",
    "是",
    "也",
    "都",
    "说",
)
ZH_CHITCHAT_LONGEST = tuple(sorted(ZH_CHITCHAT, key=len, reverse=True))
