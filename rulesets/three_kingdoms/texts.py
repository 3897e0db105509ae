"""What a person reads about Three Kingdoms' options, in English, Chinese and Japanese
(three-kingdoms.md §11 Q1-Q19, docs/rules/three-kingdoms.md Q20; the MCR rows it shares
come from rulesets.mcr.texts)."""

from __future__ import annotations

from engine.ruleset import option_texts
from rulesets.mcr.texts import EDITION_NAMES, EDITION_ROW, SEAT_CHANGE_NAMES, SEAT_CHANGE_ROW

OPTION_TEXTS = option_texts(
    {
        "use_flowers": (
            "Flowers",
            "No flowers: 136 tiles (the fixed dead wall leaves nowhere to replace them)",
            "花牌",
            "不用花牌：136 张（固定的王牌无法补花）",
            "花牌",
            "花牌なし：136 枚（固定の王牌では補充できない）",
        ),
        "hands_per_session": (
            "Hands per session",
            "How many hands are dealt (16 = four wind rounds, 8 = East and South)",
            "每局盘数",
            "共打多少盘（16 盘为四圈，8 盘为东南两圈）",
            "局数",
            "配る局の数（16 局で四圏、8 局で東南）",
        ),
        "seat_change": SEAT_CHANGE_ROW,
        "leftover_deposits": (
            "Riichi sticks left at the end",
            "Deposits still on the table when the session ends go to first place, leave "
            "play, or go back to those who paid them",
            "终局剩余立直棒",
            "终局时桌上剩余的立直棒归第一名、作废或退还给支付者",
            "終局時の供託",
            "終局時に残った供託はトップへ、没収、または支払った人へ返す",
        ),
        "riichi_furiten": (
            "Furiten of a riichi player",
            "Japanese: no discard win while a winning tile is discarded or was let pass "
            "after riichi; literal: only on the kinds discarded or let pass",
            "立直振听",
            "日本式：自己舍牌中有和牌张，或立直后放过和牌张，则完全不能荣和；字面（逐张）："
            "只有打过或放过的那种牌不能荣和",
            "リーチ者のフリテン",
            "日本式：和了牌を捨てているか、リーチ後に見逃すとロンできない；文字どおり（牌ごと）："
            "捨てた牌・見逃した牌の種類だけロンできない",
        ),
        "riichi_waits": (
            "What counts as ready",
            "Ready and winning tiles are judged on the hand's shape, ignoring the 8-point minimum",
            "听牌的判断",
            "听牌与和牌张按牌型判断，不考虑 8 分起和",
            "聴牌の判断",
            "聴牌と和了牌は形で判断し、8 点縛りは考えない",
        ),
        "riichi_min_live_wall": (
            "Tiles left to declare riichi",
            "Riichi needs at least this many tiles left in the live wall",
            "立直所需余牌",
            "牌墙至少剩余这么多张牌才能立直",
            "リーチに必要な残り枚数",
            "山にこの枚数以上残っているときだけリーチできる",
        ),
        "dora_scope": (
            "Where dora count",
            "Dora count in the scored part of the hand only, or in every tile of it",
            "宝牌计算范围",
            "宝牌只计入计分部分，或计入整手牌",
            "ドラの範囲",
            "ドラは得点部分だけで数えるか、手牌全体で数えるか",
        ),
        "set_fans_scope": (
            "Where set fans count",
            "Tile Hog, kong and concealed-pung fans count in the scored part only",
            "面子番计算范围",
            "四归一、杠和暗刻类番种只在计分部分计算",
            "面子役の範囲",
            "四帰一・槓・暗刻の役は得点部分だけで数える",
        ),
        "win_method_fans_when_hidden": (
            "Win-method fans with the hidden set",
            "Last tile, replacement-tile and robbing-the-kong fans score even when the "
            "winning tile's set is the hidden one",
            "隐藏面子的和牌方式番",
            "和牌张所在面子被隐藏时，海底、杠上开花、抢杠等番仍计",
            "伏せ面子での和了方法の役",
            "和了牌の面子が伏せられても、海底・嶺上・搶槓の役を数える",
        ),
        "melded_hand_when_hidden": (
            "Melded Hand with the hidden set",
            "Whether Melded Hand scores when the winning tile's set is the hidden one",
            "隐藏面子的全求人",
            "和牌张所在面子被隐藏时是否计全求人",
            "伏せ面子での全求人",
            "和了牌の面子が伏せられたとき全求人を数えるか",
        ),
        "hidden_win_pungs": (
            "Concealed pungs beside the hidden winning set",
            "Discard win, winning tile turned down: one pung left still counts as completed "
            "by the discard (seed 002), or every concealed pung left stays concealed",
            "隐藏和牌面子时的暗刻",
            "荣和且和牌张所在面子被扣下时，计分部分仍有一组刻子算作由点和牌完成（种子 002），"
            "或剩下的暗刻全部算暗刻",
            "和了牌の面子を伏せたときの暗刻",
            "ロンで和了牌の面子を伏せたとき、得点部分の刻子のうち一つはロン牌で完成したものと"
            "みなす（シード 002）か、残った暗刻をすべて暗刻とする",
        ),
        "face_down_choice": (
            "Which set is hidden",
            "The server hides the set that gives the highest score",
            "隐藏哪组面子",
            "服务器选择得分最高的一组隐藏",
            "伏せる面子",
            "サーバーが最高点になる面子を伏せる",
        ),
        "kan_dora_timing": (
            "When kan dora appears",
            "A new kan dora is turned at once after any kong, or after the replacement discard",
            "杠宝牌翻开时机",
            "开杠后立即翻开新的杠宝牌，或在岭上牌打出后翻开",
            "カンドラをめくる時期",
            "カンの直後にめくるか、嶺上牌の打牌後にめくるか",
        ),
        "extra_riichi_features": (
            "Other Japanese features",
            "No ippatsu, double riichi, red fives, nagashi or blessing hands",
            "其他日麻规则",
            "不采用一发、两立直、赤宝牌、流局满贯和天地和",
            "その他の日本ルール",
            "一発・ダブルリーチ・赤ドラ・流し満貫・天和地和は使わない",
        ),
        "riichi_concealed_kong": (
            "Concealed kong after riichi",
            "Allowed only if it keeps the hand's shape, or only if it keeps the waits",
            "立直后暗杠",
            "只在不改变牌型时允许，或只在不改变听牌时允许",
            "リーチ後の暗槓",
            "形が変わらない場合のみ、または待ちが変わらない場合のみ",
        ),
        "concealed_kong_display": (
            "How a concealed kong is shown",
            "Face down as in MCR (revealed at the end), or with two tiles shown as in Japan",
            "暗杠的展示",
            "按国标扣着（终局亮出），或按日麻亮出两张",
            "暗槓の見せ方",
            "国標のように伏せる（終局で公開）か、日本式に二枚見せる",
        ),
        "riichi_robbed_kong": (
            "Riichi win robbing a kong",
            "The kong declarer pays everything, or the normal payment applies",
            "立直抢杠的支付",
            "由开杠者全额支付，或按正常支付",
            "リーチ者の搶槓",
            "カンの宣言者が全額払うか、通常の支払いか",
        ),
        "edition": EDITION_ROW,
        "false_win_mode": (
            "False win",
            "A wrong win claim is refused by the server",
            "错和",
            "错误的和牌声明被服务器拒绝",
            "誤和了",
            "誤った和了宣言はサーバーが拒否する",
        ),
    },
    {
        "use_flowers": {"false": ("No flowers", "不用花牌", "花牌なし")},
        "seat_change": SEAT_CHANGE_NAMES,
        "edition": EDITION_NAMES,
        "leftover_deposits": {
            "first_place": ("To first place", "归第一名", "トップへ"),
            "discard": ("Leave play", "作废", "没収"),
            "return": ("Back to who paid", "退还支付者", "支払った人へ返す"),
        },
        "riichi_furiten": {
            "japanese": ("Japanese furiten", "日本式振听", "日本式フリテン"),
            "literal": ("Tile by tile (literal)", "逐张（字面）", "牌ごと（文字どおり）"),
        },
        "riichi_waits": {"shape": ("By shape", "按牌型", "形で")},
        "dora_scope": {
            "scored_part": ("Scored part only", "只计计分部分", "得点部分のみ"),
            "whole_hand": ("Whole hand", "整手牌", "手牌全体"),
        },
        "set_fans_scope": {
            "scored_part": ("Scored part only", "只计计分部分", "得点部分のみ"),
        },
        "hidden_win_pungs": {
            "one_melded": ("One counts as melded", "一组算明刻", "一つは明刻"),
            "all_concealed": ("All stay concealed", "全部算暗刻", "すべて暗刻"),
        },
        "face_down_choice": {"best": ("Highest score", "得分最高", "最高点")},
        "kan_dora_timing": {
            "immediate": ("At once", "立即", "すぐに"),
            "after_discard": ("After the discard", "打牌后", "打牌後"),
        },
        "extra_riichi_features": {"none": ("None", "无", "なし")},
        "riichi_concealed_kong": {
            "no_shape_change": ("Shape unchanged", "牌型不变", "形が変わらない"),
            "no_wait_change": ("Waits unchanged", "听牌不变", "待ちが変わらない"),
        },
        "concealed_kong_display": {
            "face_down": ("Face down", "扣着", "伏せる"),
            "shown": ("Two tiles shown", "亮出两张", "二枚見せる"),
        },
        "riichi_robbed_kong": {
            "declarer_pays_all": ("Declarer pays all", "开杠者全付", "宣言者が全額"),
            "normal": ("Normal payment", "正常支付", "通常の支払い"),
        },
        "false_win_mode": {"reject": ("Refused", "拒绝", "拒否")},
    },
)
