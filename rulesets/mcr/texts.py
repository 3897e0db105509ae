"""What a person reads about MCR's options and presets, in English, Chinese and Japanese
(mcr.md §15-§17; docs/rules/mcr.md for the editions)."""

from __future__ import annotations

from engine.ruleset import Names, Preset, option_texts

# Shared with Three Kingdoms, which plays the MCR table and fans.
EDITION_NAMES: dict[str, tuple[str, str, str]] = {
    "competition": (
        "Competition rules (seed 000)",
        "竞赛规则（种子 000）",
        "競技ルール（シード 000）",
    ),
    "botzone1998": (
        "1998 rules, Botzone / PyMahjongGB",
        "1998 年规则（Botzone / PyMahjongGB）",
        "1998 年ルール（Botzone / PyMahjongGB）",
    ),
    "wmo2006": ("WMO 2006 differences", "2006 年世界麻将组织规则", "2006 年 WMO ルール"),
}
SEAT_CHANGE_NAMES: dict[str, tuple[str, str, str]] = {
    "mcr_table": (
        "Change seats each round (MCR table)",
        "每圈按国标规则换位",
        "各圏で国標の席替え",
    ),
    "none": ("Keep seats", "不换位", "席替えなし"),
}
EDITION_ROW = (
    "Fan edition",
    "Which rule book scores the hand: today's competition rules, the 1998 rules as Botzone "
    "reads them, or the 2006 WMO changes",
    "番种版本",
    "按哪一版规则计番：现行竞赛规则、Botzone 所用的 1998 年规则，或 2006 年世界麻将组织的修订",
    "役の版",
    "どの規則で点数を数えるか：現行の競技ルール、Botzone が読む 1998 年ルール、2006 年 WMO の変更",
)
SEAT_CHANGE_ROW = (
    "Seat changes",
    "Whether players change seats after each wind round, as the MCR table prescribes",
    "换位",
    "每圈结束后是否按国标规则调换座位",
    "席替え",
    "各圏の終わりに国標の決まりで席を替えるかどうか",
)
HANDS_ROW = (
    "Hands per session",
    "How many hands are dealt before the session ends (16 = four wind rounds)",
    "每局盘数",
    "一局共打多少盘（16 盘即东南西北四圈）",
    "局数",
    "セッションで配る局の数（16 局で東南西北の四圏）",
)

OPTION_TEXTS = option_texts(
    {
        "edition": EDITION_ROW,
        "hands_per_session": HANDS_ROW,
        "seat_change": SEAT_CHANGE_ROW,
        "use_flowers": (
            "Flowers",
            "Play with the eight flower tiles (144 tiles), one point each; off = 136 tiles",
            "花牌",
            "使用八张花牌（共 144 张），每张计 1 分；关闭则用 136 张",
            "花牌",
            "8 枚の花牌を入れる（計 144 枚）、1 枚 1 点；オフなら 136 枚",
        ),
        "flower_timing": (
            "When flowers are replaced",
            "A drawn flower is set aside and replaced at once, or only on the player's own turn",
            "补花时机",
            "摸到花牌立即补花，或只在自己的回合补花",
            "花牌の補充時期",
            "引いた花牌をすぐに抜いて補充するか、自分の手番でのみ補充するか",
        ),
        "last_tile_flower": (
            "Flower as the last tile",
            "A flower drawn as the wall's last tile ends the hand as an exhaustive draw",
            "最后一张为花牌",
            "牌墙最后一张摸到花牌时，按荒庄结束",
            "最後の牌が花牌",
            "壁の最後の牌が花牌なら流局として終わる",
        ),
        "mixed_kong_points": (
            "Concealed and melded kong",
            "Points for one concealed kong with one melded kong (mcr.md §11.6)",
            "明暗杠分值",
            "一个暗杠加一个明杠的计分（国标 §11.6）",
            "明暗槓の点数",
            "暗槓一つと明槓一つの点数（国標 §11.6）",
        ),
        "added_kong_from_hand": (
            "Added kong from the hand",
            "A tile already in the hand may be added to a melded pung; off = only the tile "
            "just drawn",
            "手中牌加杠",
            "可用手中已有的牌加杠；关闭则只能用刚摸到的牌",
            "手牌からの加槓",
            "手牌にある牌でポンに加槓できる；オフならツモった牌のみ",
        ),
        "knitted_straight_waits": (
            "Wait fans with a Knitted Straight",
            "When a hand with a Knitted Straight may also score Edge, Closed or Single Wait",
            "组合龙的听牌番",
            "含组合龙的和牌何时还能计边张、嵌张、单钓将",
            "組合龍の待ちの役",
            "組合龍を含む和了で辺張・嵌張・単騎を数えられる場合",
        ),
        "false_win_mode": (
            "False win",
            "A wrong win claim is refused, or costs the claimer 10 points to each player",
            "错和",
            "错误的和牌声明被拒绝，或由声明者向每位玩家各赔 10 分",
            "誤和了",
            "誤った和了宣言を拒否するか、宣言者が各自に 10 点払う",
        ),
        "point_cap": (
            "Point cap",
            "Highest value a hand can score; none = no cap (88 is a Japanese club variant)",
            "封顶",
            "一手牌的最高分；无 = 不封顶（88 分封顶为日本俱乐部的变体）",
            "点数上限",
            "一和了の上限点；なし = 上限なし（88 点は日本の倶楽部ルール）",
        ),
        "table_point_ties": (
            "Tied table points",
            "Players tied on score share the table points of the places they occupy",
            "名次分并列",
            "同分玩家平分所占名次的名次分",
            "同点の順位点",
            "同点のプレイヤーは占める順位の順位点を分け合う",
        ),
        "beginner": (
            "Beginner rules",
            "6 points to win, no 8-point base payment, only the fans of the beginner list",
            "入门规则",
            "6 分起和，不付 8 分底分，只计入门番种",
            "初心者ルール",
            "6 点で和了、8 点の基本点なし、初心者向けの役だけを数える",
        ),
        "beginner_fans": (
            "Beginner fans",
            "With beginner rules: the fans that count; the shipped list = eleven big fans, "
            "every fan of 6 points or less and flowers",
            "入门番种",
            "入门规则下计入的番种；内置列表 = 十一种大番、6 分及以下的所有番种和花牌",
            "初心者向けの役",
            "初心者ルールで数える役；既定の一覧 = 11 の大役、6 点以下のすべての役と花牌",
        ),
    },
    {
        "edition": EDITION_NAMES,
        "seat_change": SEAT_CHANGE_NAMES,
        "flower_timing": {
            "immediate": ("At once", "立即补花", "すぐに"),
            "on_own_turn": ("On one's own turn", "轮到自己时", "自分の手番で"),
        },
        "last_tile_flower": {
            "exhaustive_draw": ("Exhaustive draw", "荒庄", "流局"),
        },
        "mixed_kong_points": {
            "5": ("5 points (seed rules)", "5 分（种子规则）", "5 点（シード）"),
            "3": ("3 points", "3 分", "3 点"),
            "6": ("6 points", "6 分", "6 点"),
        },
        "knitted_straight_waits": {
            "allow": (
                "Judged on the set and pair left (Botzone)",
                "按剩余的面子和将判断（Botzone）",
                "残りの面子と雀頭で判断（Botzone）",
            ),
            "no_edge_closed": (
                "Never Edge or Closed Wait (2006 ruling)",
                "不计边张、嵌张（2006 年裁定）",
                "辺張・嵌張は数えない（2006 年裁定）",
            ),
            "none_if_overlap": (
                "None if the tile could be knitted (seed 000)",
                "和牌张可作组合龙时不计（种子 000）",
                "和了牌が組合龍になり得るならなし（シード 000）",
            ),
            "null": ("As the edition reads it", "按所选版本", "版に従う"),
        },
        "false_win_mode": {
            "reject": ("Refused", "拒绝", "拒否"),
            "penalize_10": ("10 points to each player", "向每人赔 10 分", "各自に 10 点"),
        },
        "point_cap": {
            "88": ("88 points", "88 分", "88 点"),
            "null": ("No cap", "不封顶", "上限なし"),
        },
        "table_point_ties": {
            "share": ("Shared", "平分", "分け合う"),
        },
        "beginner_fans": {
            "null": ("The shipped list", "内置列表", "既定の一覧"),
        },
    },
)

PRESETS: dict[str, Preset] = {
    "default": Preset(
        {},
        Names(
            "Today's competition rules as seed 000 states them (the 2006 changes included)",
            "种子 000 所述的现行竞赛规则（含 2006 年的修订）",
            "シード 000 が述べる現行の競技ルール（2006 年の変更を含む）",
        ),
        Names("Seed rules", "种子规则", "シードのルール"),
    ),
    "botzone": Preset(
        {"edition": "botzone1998"},
        Names(
            "The 1998 rules as Botzone and its PyMahjongGB calculator score them",
            "Botzone 及其 PyMahjongGB 算番器所用的 1998 年规则",
            "Botzone と PyMahjongGB の点数計算が使う 1998 年ルール",
        ),
        Names("Botzone", "Botzone", "Botzone"),
    ),
}
