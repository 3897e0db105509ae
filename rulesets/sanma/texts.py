"""What a person reads about three-player riichi's options: riichi's texts
(``rulesets.riichi.texts``) for the options the two share, with the three-seat ones and
the options whose values differ here."""

from __future__ import annotations

from engine.ruleset import option_texts
from rulesets.riichi.texts import OPTION_TEXTS as RIICHI_TEXTS

_OWN = option_texts(
    {
        "aka_dora": (
            "Red fives",
            "Red fives counted as dora: none, or one red 5p and one red 5s (there is no 5m)",
            "赤宝牌",
            "计为宝牌的赤五：无，或赤五筒、赤五索各一张（没有五万）",
            "赤ドラ",
            "ドラになる赤五：なし、または赤 5p・赤 5s 各 1 枚（5m はない）",
        ),
        "uma": (
            "Uma",
            "Bonus by final place, in thousands: first, second, third",
            "顺位马",
            "按终局名次的加减分（千点）：第一、二、三名",
            "ウマ",
            "最終順位による加減（千点単位）：1 位、2 位、3 位",
        ),
        "tsumo_loss": (
            "Self-draw payments",
            "Who pays the absent fourth seat's share of a self-draw: nobody, or the two payers",
            "自摸的支付",
            "缺席的第四家那份自摸点数由谁付：无人付，或两位付款者平分",
            "ツモの支払い",
            "いない四人目の分のツモ点を誰が払うか：誰も払わない、または二人で折半",
        ),
        "kita": (
            "Kita (North as nukidora)",
            "A North may be set aside for a replacement tile; each counts one dora",
            "拔北",
            "北可拔出并从王牌补一张，每张计一个宝牌",
            "北抜き",
            "北を抜いて王牌から補充できる；1 枚につきドラ 1",
        ),
        "kita_ron": (
            "Ron on kita",
            "The others may win on a North being set aside (not counted as chankan)",
            "荣和拔北",
            "他家可荣和正在拔出的北（不计抢杠）",
            "北抜きロン",
            "抜かれた北でロンできる（槍槓はつかない）",
        ),
        "kita_breaks_ippatsu": (
            "Kita ends ippatsu",
            "Setting a North aside ends every ippatsu and the first go-around, like a call",
            "拔北破一发",
            "拔北与鸣牌一样，使所有一发及第一巡失效",
            "北抜きで一発消え",
            "北抜きは鳴きと同じく一発と第一巡を消す",
        ),
        "kita_rinshan": (
            "Rinshan after kita",
            "A self-draw on the replacement tile of a kita scores rinshan kaihou",
            "拔北岭上开花",
            "以拔北的补牌自摸和牌计岭上开花",
            "北抜きの嶺上開花",
            "北抜きの補充牌でツモ和了すると嶺上開花",
        ),
    },
    {
        "aka_dora": {
            "0": ("None", "无", "なし"),
            "2": ("2 (5p and 5s)", "2 张（五筒与五索）", "2 枚（5p と 5s）"),
        },
        "tsumo_loss": {
            "tsumo_son": ("Tsumo-son (share not paid)", "自摸损（不付）", "ツモ損（払わない）"),
            "north_bisection": ("North bisection", "北家分割", "北家分割"),
        },
    },
)

OPTION_TEXTS = {**RIICHI_TEXTS, **_OWN}
