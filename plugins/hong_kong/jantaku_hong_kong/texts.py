"""What a person reads about the Hong Kong options, in English, Chinese and Japanese
(docs/rules.md §7)."""

from __future__ import annotations

from engine.ruleset import Names, Preset, option_texts

OPTION_TEXTS = option_texts(
    {
        "minimum_faan": (
            "Minimum faan",
            "Faan a hand needs to win (bonus tiles aside unless they count)",
            "起糊番數",
            "食糊所需的最少番數（花牌除外，除非另行設定）",
            "最低翻数",
            "和了に必要な翻数（花牌は別、設定で含めない限り）",
        ),
        "faan_limit": (
            "Faan limit",
            "The most faan a hand is paid for; limit hands score it",
            "封頂番數",
            "一手牌最多計算的番數；爆棚牌型按此計",
            "翻数の上限",
            "一和了で支払われる最大の翻数；役満級の手はこれで数える",
        ),
        "payment_table": (
            "Payment table",
            "How faan turn into points: half-spicy or spicy doubling",
            "計分表",
            "番數換算分數的方法：半辣或全辣",
            "支払い表",
            "翻数を点に換算する方法：半辣か全辣か",
        ),
        "discard_payment": (
            "Who pays a discard win",
            "The discarder pays for the table (full shot), or double while the others pay "
            "single (half shot)",
            "出銃計法",
            "全銃：出銃者一家獨付；半銃：出銃者付雙倍，其餘兩家各付一份",
            "放銃の支払い",
            "全銃は放銃者が全員分を払い、半銃は放銃者が倍額、他の二人が一人分ずつ払う",
        ),
        "bao": (
            "Liability (bao)",
            "Who fed a twelfth tile, a kong, a robbed kong or the last set of a great hand "
            "pays for everyone",
            "包牌",
            "供第十二張牌、供槓、被搶槓或供大牌最後一副者，一家包付",
            "包（責任払い）",
            "十二枚目や槓の牌、搶槓、大役の最後の面子を与えた者が全員分を払う",
        ),
        "flowers": (
            "Flowers and seasons",
            "Play with the eight bonus tiles (144 tiles) or without (136)",
            "花牌",
            "使用八隻花牌（144 隻）或不用（136 隻）",
            "花牌",
            "八枚の花牌を使う（144 枚）か使わない（136 枚）か",
        ),
        "bonus_counts_toward_minimum": (
            "Bonus faan count towards the minimum",
            "Whether faan from flowers help reach the minimum",
            "花番計入起糊",
            "花牌的番數是否計入起糊番數",
            "花の翻を最低翻数に含める",
            "花牌の翻が最低翻数に数えられるか",
        ),
        "rounds": (
            "Wind rounds",
            "How many wind rounds are played: East only, East and South, or all four",
            "圈數",
            "打多少圈：只打東圈、東南兩圈或四圈",
            "場数",
            "何場打つか：東場のみ、東南、四場すべて",
        ),
        "draw_keeps_deal": (
            "Dealer keeps the deal after a draw",
            "After a drawn hand the dealer deals again",
            "流局連莊",
            "流局後莊家繼續坐莊",
            "流局で連荘",
            "流局のあと親が続けて親をする",
        ),
        "start_score": (
            "Starting score",
            "Each player's score at the start of the match",
            "起始分",
            "每位玩家開局時的分數",
            "持ち点",
            "開始時の各プレイヤーの点数",
        ),
    },
    {
        "payment_table": {
            "half_spicy": ("Half-spicy", "半辣", "半辣"),
            "spicy": ("Spicy", "全辣", "全辣"),
        },
        "discard_payment": {
            "full_shot": ("Full shot (discarder pays all)", "全銃", "全銃"),
            "half_shot": ("Half shot (everyone pays)", "半銃", "半銃"),
        },
        "rounds": {
            "1": ("East only", "東圈", "東場のみ"),
            "2": ("East and South", "東南圈", "東南戦"),
            "4": ("Four rounds", "四圈", "四場"),
        },
    },
)

PRESETS = {
    "half_shot": Preset(
        {"discard_payment": "half_shot"},
        Names(
            "everyone pays a discard win, the discarder double (半銃)",
            "半銃：出銃者付雙倍，其餘兩家各付一份",
            "半銃：放銃者が倍額、他の二人も払う",
        ),
        Names("Half shot", "半銃", "半銃"),
    ),
    "east_round": Preset(
        {"rounds": 1},
        Names("one East round, for a short match", "只打東圈的短局", "東場のみの短い対局"),
        Names("East round", "東圈", "東場"),
    ),
}
