"""Long simulations with computer players only.

A fresh bank starts whenever one ends (a new auction among the computer
players, a new shuffle, balances carried over); the run stops after a given
number of coups.  The summary is what a student of the game wants: naturals
per coup, the banker's gain per chip staked (with its standard error), the
outcomes per side, and how often the banker drew or stood at each total.

>>> s = simulate(200, players=5, seed=1, banker="table")
>>> s.coups, s.participants
(200, 5)
>>> 0 < s.naturals_per_coup < 1
True
"""

from __future__ import annotations

import math
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.cards import RANK_VALUE
from ..core.models import Action, Pass, Wager, build
from ..games.banque.game import MAX_PLAYERS, MIN_PLAYERS, Game
from ..games.banque.players import BankerMode, banker_advice, computer_table
from ..i18n import N_, _, ngettext, number, pgettext

#: Names for computer seats, in seat order.
COMPUTER_NAMES = (
    "Ana",
    "Bruno",
    "Chloé",
    "Dario",
    "Elena",
    "Fritz",
    "Greta",
    "Hugo",
    "Inès",
    "Jules",
    "Karin",
)

Progress = Callable[[int, int], None]

#: When a bank ends and someone holds fewer chips than this, the table starts
#: over (everyone at 100 again), so that long runs do not end with one seat
#: owning every chip and nobody able to stake.
REBUY = 5


def _count_ends(game: Game, ends: dict[str, int]) -> int:
    """Add up how a table's banks ended; returns how many banks it held."""
    for b in game.banks:
        if b.ended is not None:
            ends[b.ended.reason] = ends.get(b.ended.reason, 0) + 1
    return len(game.banks)


@dataclass
class Summary:
    """What a simulation measured."""

    coups: int
    participants: int
    seed: int
    banker_mode: str
    p5: float
    banks: int = 0
    tables: int = 1
    bank_ends: dict[str, int] = field(default_factory=dict)
    naturals: int = 0
    staked: int = 0
    banker_gain: int = 0
    gain_per_chip: float = 0.0
    gain_per_chip_se: float = 0.0
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    banker_moves: dict[int, dict[str, int]] = field(default_factory=dict)
    side_moves: dict[int, dict[str, int]] = field(default_factory=dict)
    #: How often each two-card total was dealt (three hands a coup).
    two_card_totals: list[int] = field(default_factory=list)
    #: Fixed stakes "R:L" (None: the computer players choose their stakes).
    stakes: str | None = None
    #: The noise-reduced estimate: each decision coup counted at the advisor's
    #: exact expected gain of the banker's move, each natural coup at 0.
    exact_estimate: bool = True
    gain_per_chip_exact: float = 0.0
    gain_per_chip_exact_se: float = 0.0
    #: Per stake ratio (see :func:`ratio_bucket`): coups, staked, both estimates.
    by_ratio: dict[str, dict[str, float]] = field(default_factory=dict)
    #: The house's rules the tables played by.
    rules: str = "home"

    @property
    def naturals_per_coup(self) -> float:
        return self.naturals / self.coups if self.coups else 0.0

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["naturals_per_coup"] = self.naturals_per_coup
        data["banker_moves"] = {str(k): v for k, v in self.banker_moves.items()}
        data["side_moves"] = {str(k): v for k, v in self.side_moves.items()}
        return data


class _Ratio:
    """Sums for a ratio estimator of the gain per chip, raw and noise-reduced.

    The raw sums are of whole chips: kept as integers, they are the very sums a
    float would have added up (every one of them well below 2**53).
    """

    def __init__(self) -> None:
        self.n = 0
        self.sum_s = 0
        self.raw = [0, 0, 0]  # sum g, sum g*g, sum g*s
        self.exact = [0.0, 0.0, 0.0]
        self.sum_ss = 0

    def add_raw(self, gain: int, staked: int, times: int = 1) -> None:
        """``times`` coups of this gain on this stake."""
        self.n += times
        self.sum_s += staked * times
        self.sum_ss += staked * staked * times
        raw = self.raw
        raw[0] += gain * times
        raw[1] += gain * gain * times
        raw[2] += gain * staked * times

    def add_exact(self, expected: float, staked: int) -> None:
        """One coup's exact expectation (added in the coups' order: these are floats)."""
        exact = self.exact
        exact[0] += expected
        exact[1] += expected * expected
        exact[2] += expected * staked

    def estimate(self, sums: list[float] | list[int]) -> tuple[float, float]:
        """Gain per chip staked and its standard error (delta method)."""
        if not self.sum_s:
            return 0.0, 0.0
        r = float(sums[0]) / self.sum_s
        if self.n < 2:
            return r, 0.0
        # sum over coups of (g - r s)^2, expanded.
        resid = float(sums[1]) - 2 * r * float(sums[2]) + r * r * self.sum_ss
        return r, math.sqrt(max(resid, 0.0) * self.n / (self.n - 1)) / self.sum_s


def ratio_bucket(right: int, left: int) -> str:
    """A coup's stakes, grouped: one side, equal, up to 2:1, up to 4:1, above 4:1.

    >>> ratio_bucket(5, 0), ratio_bucket(3, 3), ratio_bucket(2, 3), ratio_bucket(1, 9)
    ('one side', '1:1', 'up to 2:1', 'above 4:1')
    """
    low, high = (right, left) if right <= left else (left, right)
    if high == 0:
        return "nothing staked"
    if low == 0:
        return "one side"
    if low == high:
        return "1:1"
    if high <= 2 * low:
        return "up to 2:1"
    return "up to 4:1" if high <= 4 * low else "above 4:1"


RATIO_ORDER = ("1:1", "up to 2:1", "up to 4:1", "above 4:1", "one side", "nothing staked")


class _Tally:
    """Running counts over settled coups, summed up once at the end (:meth:`close`).

    A coup adds one to the count of its (right stake, left stake, gain): the
    sums of the ratio estimators, overall and by stake ratio, are worked out
    from those counts (whole chips: the same sums, in any order).  The exact
    expectations are floats, added coup by coup as they come, only when
    counted (``exact``).
    """

    def __init__(self, exact: bool = True) -> None:
        self.n = 0
        self.naturals = 0
        self.sum_g = 0
        self.sum_s = 0
        self.exact = exact
        self.all = _Ratio()
        self.by_ratio: dict[str, _Ratio] = {}
        #: How many coups had each (right stake, left stake, banker's gain).
        self.stakes: dict[tuple[int, int, int], int] = {}
        self.outcomes = {side: {"player": 0, "banker": 0, "tie": 0} for side in ("right", "left")}
        self.banker_moves = {t: {"draw": 0, "stand": 0} for t in range(8)}
        self.side_moves = {t: {"draw": 0, "stand": 0} for t in range(8)}
        self.two_card = [0] * 10

    def _ratio(self, bucket: str) -> _Ratio:
        tally = self.by_ratio.get(bucket)
        if tally is None:
            tally = self.by_ratio[bucket] = _Ratio()
        return tally

    def add(self, coup: Any, expected: float | None) -> None:
        self.n += 1
        stakes = coup.stakes
        right, left = stakes["right"], stakes["left"]
        key = (right, left, coup.fund_after - coup.fund_before)
        counts = self.stakes
        counts[key] = counts.get(key, 0) + 1
        natural = coup.natural
        if self.exact:
            # A natural coup's exact expectation is 0 (the hands are exchangeable).
            value = 0.0 if natural or expected is None else expected
            staked = right + left
            self.all.add_exact(value, staked)
            self._ratio(ratio_bucket(right, left)).add_exact(value, staked)
        results = coup.results
        outcomes = self.outcomes
        outcomes["right"][results["right"]] += 1
        outcomes["left"][results["left"]] += 1
        v = RANK_VALUE
        if natural or coup.natural_sides:  # classic: a natural may settle one side only
            self.naturals += 1
        hands = coup.hands
        two_card = self.two_card
        if natural:  # only the two-card totals count
            for hand in hands.values():
                two_card[(v[hand[0][0]] + v[hand[1][0]]) % 10] += 1
            return
        moves = coup.moves
        for mover in ("right", "left", "banker"):
            hand = hands[mover]
            two = (v[hand[0][0]] + v[hand[1][0]]) % 10
            two_card[two] += 1
            move = moves[mover]
            if move == "natural":  # classic: this side was settled by its natural
                continue
            table = self.banker_moves if mover == "banker" else self.side_moves
            table[two][move] += 1

    def close(self) -> None:
        """The raw sums, overall and by stake ratio, from the counts."""
        for (right, left, gain), times in self.stakes.items():
            staked = right + left
            self.sum_g += gain * times
            self.sum_s += staked * times
            self.all.add_raw(gain, staked, times)
            self._ratio(ratio_bucket(right, left)).add_raw(gain, staked, times)
        self.stakes = {}

    def ratio(self) -> tuple[float, float]:
        """Banker's gain per chip staked, and its standard error (delta method)."""
        return self.all.estimate(self.all.raw)


class _FixedStakes:
    """Fixed-stakes betting: the first seat to bet on each side stakes R (right) or L (left)."""

    def __init__(self, right: int, left: int) -> None:
        self.want = {"right": right, "left": left}
        self.coup = -1
        self.placed: set[str] = set()
        self.acts: dict[tuple[str, int], Action] = {}

    def act(self, obs: Any) -> Action:
        if obs.coup != self.coup:
            self.coup, self.placed = obs.coup, set()
        side = obs.side
        amount = min(self.want.get(side, 0), obs.max_stake) if side is not None else 0
        if side in self.placed or amount < 1:
            amount = 0
        else:
            self.placed.add(side)
        key = (obs.seat, amount)
        act = self.acts.get(key)
        if act is None:
            act = self.acts[key] = (
                build(Pass, {"act": "pass", "who": obs.seat})
                if amount == 0
                else build(
                    Wager,
                    {
                        "act": "wager",
                        "who": obs.seat,
                        "amount": amount,
                        "a_cheval": False,
                        "ride": False,
                        "side": None,
                    },
                )
            )
        return act


def simulate(
    coups: int,
    players: int = 5,
    seed: int = 0,
    banker: BankerMode = "advisor",
    p5: float = 0.5,
    progress: Progress | None = None,
    stakes: tuple[int, int] | None = None,
    exact_estimate: bool = True,
    rules: str = "home",
) -> Summary:
    """Play ``coups`` coups with ``players`` computer participants under ``rules``.

    The computer sides draw at 5 with chance ``p5``, and the banker's advisor
    assumes the same.  ``stakes`` ``(R, L)`` fixes the stakes: in every coup
    the first seat to bet on the right stakes R and on the left L (reduced to
    the cover left, as at the table), every other seat passes.
    ``exact_estimate`` also counts each decision coup at the advisor's exact
    expected gain of the banker's move (about 0.15 ms a coup more); only under
    the home rules: the advisor's gain is the banker's under every house, but a
    coup settled by naturals is worth 0 only where the bank pays in full (a bank
    paying only as far as its fund gains on them too).
    """
    exact_estimate = exact_estimate and rules == "home"
    if coups < 1:
        raise ValueError("--coups must be at least 1.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS} (participants at the table)."
        )
    if not 0.0 <= p5 <= 1.0:
        raise ValueError("--p5 is a probability: between 0 and 1.")
    fixed: _FixedStakes | None = None
    if stakes is not None:
        right, left = stakes
        if right < 0 or left < 0 or right + left < 1:
            raise ValueError("--stakes R:L are whole chips, 0 or more, not both 0.")
        fixed = _FixedStakes(right, left)
    names = list(COMPUTER_NAMES[:players])
    options: dict[str, object] = {"banker_mode": banker, "p5": p5, "draw_at_5": p5}
    game = Game(names, seed, record=False, keep_log=False, rules=rules)  # type: ignore[arg-type]
    seeds = game.rng_for("simulation: next table")
    bots = computer_table(game, names, **options)
    # The loop below runs once per act: the methods it calls are looked up
    # once per table, not once per act.
    next_actor, observe, apply = game.next_actor, game.observe, game.apply
    decide = {name: bot.decide for name, bot in bots.items()}
    tally = _Tally(exact_estimate)
    ends: dict[str, int] = {}
    banks = 0
    tables = 1
    done = 0  # coups of the current bank already counted
    bank = game.bank_number
    step = max(1, coups // 200)
    next_report = step
    expected: float | None = None  # the banker's exact expected gain this coup
    special = fixed is not None or exact_estimate  # fixed stakes, or the advisor's values too
    while tally.n < coups:
        if game.ended is not None and min(game.balances.values()) < REBUY:
            # Someone is out of chips: the table starts over, everyone at 100.
            banks += _count_ends(game, ends)
            game = Game(
                names,
                seeds.getrandbits(63),
                record=False,
                keep_log=False,
                rules=rules,  # type: ignore[arg-type]
            )
            bots = computer_table(game, names, **options)
            next_actor, observe, apply = game.next_actor, game.observe, game.apply
            decide = {name: bot.decide for name, bot in bots.items()}
            tables += 1
            bank, done = game.bank_number, 0
        who = next_actor()
        obs = observe(who)
        if not special:  # the computer players' own acts, nothing else asked
            act = decide[who](obs)
        else:
            phase = obs.phase
            if fixed is not None and phase == "betting" and who != obs.banker:
                act = fixed.act(obs)
            else:
                act = decide[who](obs)
            if exact_estimate and phase == "banker":
                gain_draw, gain_stand = banker_advice(obs, p5)
                expected = gain_draw if act.act == "draw" else gain_stand
        apply(act)
        if game.bank_number != bank:
            bank, done = game.bank_number, 0
        settled = game.coups
        if len(settled) > done:
            for coup in settled[done:]:
                if tally.n < coups:
                    tally.add(coup, expected)
                expected = None
            done = len(settled)
            if progress is not None and tally.n >= next_report:
                progress(tally.n, coups)
                next_report = tally.n + step
    if progress is not None:
        progress(tally.n, coups)
    tally.close()
    ratio, se = tally.ratio()
    exact, exact_se = tally.all.estimate(tally.all.exact)
    by_ratio = {}
    for name in RATIO_ORDER:
        t = tally.by_ratio.get(name)
        if t is None:
            continue
        raw_r, raw_se = t.estimate(t.raw)
        ex_r, ex_se = t.estimate(t.exact)
        by_ratio[name] = {
            "coups": t.n,
            "staked": t.sum_s,
            "gain_per_chip": raw_r,
            "gain_per_chip_se": raw_se,
            "gain_per_chip_exact": ex_r if exact_estimate else 0.0,
            "gain_per_chip_exact_se": ex_se if exact_estimate else 0.0,
        }
    banks += _count_ends(game, ends)
    return Summary(
        coups=tally.n,
        participants=players,
        seed=seed,
        banker_mode=banker,
        p5=p5,
        banks=banks,
        tables=tables,
        bank_ends=ends,
        naturals=tally.naturals,
        staked=tally.sum_s,
        banker_gain=tally.sum_g,
        gain_per_chip=ratio,
        gain_per_chip_se=se,
        outcomes=tally.outcomes,
        banker_moves=tally.banker_moves,
        side_moves=tally.side_moves,
        two_card_totals=tally.two_card,
        stakes=None if stakes is None else f"{stakes[0]}:{stakes[1]}",
        exact_estimate=exact_estimate,
        gain_per_chip_exact=exact if exact_estimate else 0.0,
        gain_per_chip_exact_se=exact_se if exact_estimate else 0.0,
        by_ratio=by_ratio,
        rules=rules,
    )


def _columns(stream: Any) -> int:
    """The width of the terminal ``stream`` writes to (standard output may be a file)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return shutil.get_terminal_size((80, 24)).columns


def progress_bar(stream: Any = None, width: int | None = None) -> Progress:
    """A one-line progress bar on ``stream`` (standard error by default).

    The line fits the terminal (its width is read at each update, so a resize
    is followed): the bar shrinks first, then the words.  ``width`` fixes the
    terminal's width instead.
    """
    out = stream if stream is not None else sys.stderr
    finished = False

    def show(done: int, total: int) -> None:
        nonlocal finished
        if finished:  # the last update is drawn once
            return
        columns = width if width is not None else _columns(out)
        room = max(1, columns - 1)  # the last column would wrap on some terminals
        count = f" {done:>{len(str(total))}}/{total} coups"
        head = "simulating "
        bar_width = min(30, room - len(head) - len(count))
        if bar_width >= 5:
            filled = int(bar_width * done / total) if total else bar_width
            line = head + "█" * filled + "░" * (bar_width - filled) + count
        elif len(count) - 1 <= room:
            line = count.strip()
        elif len(f"{done}/{total}") <= room:
            line = f"{done}/{total}"
        else:  # a percentage, never a number cut short
            line = f"{100 * done // total if total else 100}%"[:room]
        finished = done >= total
        end = "\n" if finished else ""
        out.write(f"\r{line}\x1b[K{end}")
        out.flush()

    return show


def bank_ends_words(reason: str, n: int) -> str:
    """``n`` banks that ended for ``reason``, in words (in the language's plural)."""
    if reason == "retired":
        return ngettext("{n} retired", "{n} retired", n).format(n=n)
    if reason == "bankrupt":
        return ngettext("{n} bankrupt", "{n} bankrupt", n).format(n=n)
    if reason == "shoe":
        return ngettext("{n} shoe", "{n} shoe", n).format(n=n)
    return f"{n} {reason}"


#: The stake ratios' groups, in words (translated where shown).
RATIO_WORDS = {
    "one side": N_("one side"),
    "nothing staked": N_("nothing staked"),
    "up to 2:1": N_("up to 2:1"),
    "up to 4:1": N_("up to 4:1"),
    "above 4:1": N_("above 4:1"),
}


def _percent(x: float, sign: bool = True) -> str:
    """A gain per chip as a percentage of the stakes: ``+0.52 %``, ``−1.56 %``."""
    return number(x * 100, 2, sign=sign) + " %"


def format_summary(s: Summary) -> str:
    """The summary as a readable report (in the current language: its decimal sign; the
    banker's gain as a percentage of the stakes, as ``banque edge`` gives it)."""
    pct = 100.0
    banker = (
        _("the exact advisor") if s.banker_mode == "advisor" else _("a fixed table (draw at 0-5)")
    )
    head = ngettext(
        "{n} coup, {players} computer players, seed {seed}, banker plays by {banker}; "
        "sides draw at 5 with p5 = {p5}",
        "{n} coups, {players} computer players, seed {seed}, banker plays by {banker}; "
        "sides draw at 5 with p5 = {p5}",
        s.coups,
    ).format(n=s.coups, players=s.participants, seed=s.seed, banker=banker, p5=number(s.p5, None))
    if s.rules != "home":
        head += _("; {rules} rules").format(rules=s.rules)
    ends = ", ".join(bank_ends_words(reason, n) for reason, n in sorted(s.bank_ends.items()))
    naturals = _("Naturals: {n} coups ({per} per coup; exact chance {exact})").format(
        n=s.naturals, per=number(s.naturals_per_coup, 4), exact=number(0.4681, 4)
    )
    if s.rules == "classic":
        naturals += _(" -- coups with at least one natural")
    lines = [
        head,
        _("Tables: {n} (a new one, everyone at 100, when a seat falls below {rebuy} chips)").format(
            n=s.tables, rebuy=REBUY
        ),
        _("Banks: {n} ({ends})").format(n=s.banks, ends=ends),
        naturals,
        _(
            "Banker's edge: {gain} ± {se} of the stakes "
            "(standard error; {chips} chips on {staked} staked)"
        ).format(
            gain=_percent(s.gain_per_chip),
            se=_percent(s.gain_per_chip_se, sign=False),
            chips=number(s.banker_gain, 0, sign=True),
            staked=s.staked,
        ),
    ]
    if s.exact_estimate:
        lines.append(
            _(
                "  noise-reduced: {gain} ± {se} "
                "(each decision coup at the advisor's exact expected gain, naturals at 0)"
            ).format(
                gain=_percent(s.gain_per_chip_exact),
                se=_percent(s.gain_per_chip_exact_se, sign=False),
            )
        )
    if s.stakes is not None:
        lines.append(
            _("Stakes fixed at {stakes} (right:left), reduced to the cover when short").format(
                stakes=s.stakes
            )
        )
    # The columns as wide as their headings in the language (English: as they always were).
    by_ratio, coups_h, staked_h = _("By stake ratio"), _("coups"), _("staked")
    # (a heading as wide as its column would touch the next: at least a space between)
    w = max(14, len(by_ratio) - 2, *(len(_(RATIO_WORDS.get(k, k))) for k in s.by_ratio))
    cw, stw = max(7, len(coups_h)), max(8, len(staked_h))
    lines += [
        "",
        f"{by_ratio:<{w + 3}}{coups_h:>{cw}} {staked_h:>{stw}}   "
        + _("banker's edge (raw)")
        + ("   " + _("noise-reduced") if s.exact_estimate else ""),
    ]
    for name, row in s.by_ratio.items():
        line = (
            f"  {_(RATIO_WORDS.get(name, name)):<{w}} {int(row['coups']):{cw}d} "
            f"{int(row['staked']):{stw}d}   "
            f"{_percent(row['gain_per_chip']):>9} ± {_percent(row['gain_per_chip_se'], sign=False)}"
        )
        if s.exact_estimate:
            line += (
                f"   {_percent(row['gain_per_chip_exact']):>9} ± "
                f"{_percent(row['gain_per_chip_exact_se'], sign=False)}"
            )
        lines.append(line)
    outcomes = _("Outcomes")
    heads = [_("player wins"), _("banker wins"), pgettext("table heading", "ties")]
    sides = {"right": _("right"), "left": _("left")}
    lw = max(16, len(outcomes) + 2, *(len(x) + 4 for x in sides.values()))
    widths = (max(9, len(heads[0]) - 2), max(10, len(heads[1]) - 1), max(5, len(heads[2]) + 1))
    lines += ["", f"{outcomes:<{lw}}{heads[0]}  {heads[1]}  {heads[2]}"]
    for side in ("right", "left"):
        o = s.outcomes[side]
        n = sum(o.values()) or 1
        shares = [pct * o[k] / n for k in ("player", "banker", "tie")]
        lines.append(
            f"  {sides[side]:<{lw - 2}}"
            + "  ".join(f"{number(x, 2):>{w_}}%" for x, w_ in zip(shares, widths, strict=True))
        )
    total_h, draws_h, stands_h, share_h = (
        _("Banker's two-card total"),
        _("draws"),
        _("stands"),
        _("draw %"),
    )
    tw, dw, sw, pw = len(total_h) - 1, max(6, len(draws_h) + 1), max(7, len(stands_h) + 1), 0
    pw = max(7, len(share_h) + 1)
    lines += ["", f"{total_h}   {draws_h}   {stands_h}   {share_h}"]
    for total in range(8):
        m = s.banker_moves[total]
        n = m["draw"] + m["stand"]
        share = f"{number(pct * m['draw'] / n, 1):>{pw}}%" if n else f"{'—':>{pw}}"
        lines.append(f"  {total:>{tw}}  {m['draw']:{dw}d}  {m['stand']:{sw}d}  {share}")
    return "\n".join(lines)
