"""The Prover's evaluation: Strong's search, threats judged column by column.

In a column only the lowest threat (a square that would complete four) can
ever be cashed in: once it is reached, the game ends, or the square is
blocked and the threat above it must be reached over a stone the opponent
chose. So per column the side whose threat is lower holds the column, and
that threat is worth most when its row suits its owner's parity (Allis'
odd/even threats: ai/strong.py's good_threat_rows). The threats above it are
counted as Strong counts its weaker threats.
"""

from __future__ import annotations

from handheld.games.sphinx.ai.strong import THREAT_OTHER, StrongSearch

LOWEST_GOOD = 60        # the lowest threat of a column, on a row that suits its owner
LOWEST_OTHER = 12       # ... on the other parity


class ThreatSearch(StrongSearch):
    def _static(self, cur, opp, mask, opp_win) -> int:
        geo = self.geo
        mine = geo.wins(cur, mask)
        me = mask.bit_count() & 1                      # which player `cur` is
        good_me, good_opp = self.good_rows[me], self.good_rows[1 - me]
        score = THREAT_OTHER * (mine.bit_count() - opp_win.bit_count())
        both = mine | opp_win
        for m in geo.col_masks:
            col = both & m
            if col:
                low = col & -col
                if low & mine:
                    if not low & opp_win:
                        score += LOWEST_GOOD if low & good_me else LOWEST_OTHER
                else:
                    score -= LOWEST_GOOD if low & good_opp else LOWEST_OTHER
        for m, w in self.weights:
            score += w * ((cur & m).bit_count() - (opp & m).bit_count())
        return score
