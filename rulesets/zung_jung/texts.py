"""What a person reads about Zung Jung's options, in English, Chinese and Japanese
(zung-jung.md §9, §12)."""

from __future__ import annotations

from engine.ruleset import option_texts

_NOT_ALLOWED = ("Not allowed", "不允许", "できない")

OPTION_TEXTS = option_texts(
    {
        "payoff": (
            "Payoff",
            "Formal payoff (the discarder pays more above par) or the casual uniform payoff",
            "计分方式",
            "正式比赛计分（超过基本分时放铳者多付）或休闲的统一计分",
            "精算方式",
            "公式の精算（基準点を超えると放銃者が多く払う）か、カジュアルな一律精算",
        ),
        "par": (
            "Par",
            "Above this hand value the discarder pays three times the value less twice the par",
            "基本分",
            "和牌分超过此值时，放铳者支付三倍分值减两倍基本分",
            "基準点",
            "和了点がこれを超えると、放銃者は点数の 3 倍から基準点の 2 倍を引いた額を払う",
        ),
        "minimum_points": (
            "Minimum points",
            "Points a hand needs to win; 0 = chicken hands allowed, 5 = the known variant",
            "起和分",
            "和牌所需的最低分；0 = 允许鸡和，5 = 常见变体",
            "最低点",
            "和了に必要な点数；0 = 鶏和あり、5 = よく知られた変種",
        ),
        "chicken_value": (
            "Chicken hand value",
            "Points of a winning hand with no scoring pattern",
            "鸡和分值",
            "无任何番种的和牌所得分数",
            "鶏和の点数",
            "役のない和了の点数",
        ),
        "compound_limit": (
            "Hand limit",
            "Highest value a hand's patterns add up to",
            "封顶",
            "一手牌各番种相加的最高分",
            "点数上限",
            "一和了の役の合計の上限",
        ),
        "multiple_listed_limits": (
            "Several limit hands",
            "A hand with two listed limit patterns scores the highest one, or their sum",
            "多个满贯番种",
            "同时成立两个满贯番种时，取最高者或相加",
            "複数の役満",
            "二つの役満級の役が成立したとき、高い方か合計か",
        ),
        "hands_per_game": (
            "Hands per game",
            "How many hands are dealt; the deal always passes",
            "每局盘数",
            "共打多少盘；庄家每盘轮换",
            "局数",
            "配る局の数；親は毎局交代する",
        ),
        "start_score": (
            "Starting score",
            "Each player's score at the start of the game",
            "起始分",
            "每位玩家开局时的分数",
            "持ち点",
            "開始時の各プレイヤーの点数",
        ),
        "dead_wall_size": (
            "Dead wall",
            "Tiles at the end of the wall that are never drawn",
            "王牌",
            "牌墙末尾不摸的牌数",
            "王牌",
            "壁の最後でツモらない牌の数",
        ),
        "bonus_tiles": (
            "Bonus tiles",
            "Play with flowers and seasons: off, at half value, or at full value",
            "花季牌",
            "是否使用花牌和季牌：不用、半值或全值",
            "花牌・季節牌",
            "花牌と季節牌を使うか：なし、半分の点、満点",
        ),
        "false_win": (
            "False win",
            "The server checks every claim, so a false win is refused",
            "错和",
            "服务器检查每次声明，错误的和牌被拒绝",
            "誤和了",
            "サーバーがすべての宣言を確認するので、誤った和了は拒否される",
        ),
        "final_discard_claims": (
            "Claims on the last discard",
            "The last discard of a hand may only be claimed for a win",
            "最后一张打出牌的吃碰",
            "一盘最后打出的牌只能用于和牌",
            "最後の捨て牌への鳴き",
            "局の最後の捨て牌は和了にのみ使える",
        ),
        "kong_on_seabed": (
            "Kong on the last tile",
            "Whether a kong may be declared on the wall's last draw (not allowed)",
            "海底开杠",
            "摸到最后一张牌时能否开杠（不允许）",
            "海底のカン",
            "壁の最後のツモでカンできるか（できない）",
        ),
        "rob_concealed_kong_thirteen_terminals": (
            "Thirteen Terminals robs a concealed kong",
            "Whether Thirteen Terminals may rob a concealed kong (not allowed)",
            "十三幺抢暗杠",
            "十三幺能否抢暗杠（不允许）",
            "国士無双の暗槓搶槓",
            "国士無双で暗槓を搶槓できるか（できない）",
        ),
        "blessing_of_earth_multiple": (
            "Several can win on East's first discard",
            "The nearest player in turn order takes the win",
            "地和多人可和",
            "按顺序离放铳者最近的玩家和牌",
            "親の第一打で複数和了",
            "順番で最も近いプレイヤーが和了する",
        ),
        "robbed_kong_responsible": (
            "Who pays for a robbed kong",
            "The kong declarer is the responsible discarder",
            "抢杠的责任",
            "开杠者视为放铳者",
            "搶槓の責任",
            "カンの宣言者が放銃者となる",
        ),
        "ranking_ties": (
            "Ranking ties",
            "Players tied on the final score share the rank",
            "名次并列",
            "终局同分的玩家名次并列",
            "同順位",
            "最終点が同じプレイヤーは同順位",
        ),
    },
    {
        "payoff": {
            "formal": ("Formal", "正式", "公式"),
            "uniform": ("Uniform", "统一", "一律"),
        },
        "multiple_listed_limits": {
            "highest": ("Highest", "取最高", "高い方"),
            "sum": ("Sum", "相加", "合計"),
        },
        "dead_wall_size": {
            "0": ("None", "无", "なし"),
            "14": ("14 tiles", "14 张", "14 枚"),
            "16": ("16 tiles", "16 张", "16 枚"),
        },
        "bonus_tiles": {
            "off": ("Off", "不用", "なし"),
            "half": ("Half value", "半值", "半分"),
            "full": ("Full value", "全值", "満点"),
        },
        "false_win": {"reject": ("Refused", "拒绝", "拒否")},
        "final_discard_claims": {"win_only": ("Win only", "只能和牌", "和了のみ")},
        "blessing_of_earth_multiple": {"nearest": ("Nearest player", "最近的玩家", "最も近い人")},
        "robbed_kong_responsible": {
            "kong_declarer": ("The kong declarer", "开杠者", "カンの宣言者")
        },
        "ranking_ties": {"share": ("Shared", "并列", "同順位")},
        "kong_on_seabed": {"false": _NOT_ALLOWED},
        "rob_concealed_kong_thirteen_terminals": {"false": _NOT_ALLOWED},
    },
)
