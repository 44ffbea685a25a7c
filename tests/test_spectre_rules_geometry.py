"""What the Spectre geometry fixes in the metatile substitution, and what the letters need.

The substitution of the nine hexagonal metatiles Γ Δ Θ Λ Ξ Π Σ Φ Ψ (Smith, Myers, Kaplan,
Goodman-Strauss, "A chiral aperiodic monotile", 2023) has two layers:

* the *geometry*: where the eight children of a cluster sit (`substitution.ring_placements`,
  derived by exact edge matching), and which of them is a Γ (a Mystic at level 0, hence a
  differently shaped cluster at every level);
* the *letters* Δ … Ψ of the non-Γ children, which `derive.py` derives from the edge labels
  of the paper's marked hexagons (one symmetric edge type and seven ± pairs): it solves for
  the children of all nine hexagons at once, finds exactly one solution and maps it onto
  our places (tests/test_spectre_derive.py).

These tests pin down the first layer and show why the hexagons' edge labels are a needed
input: every non-Γ cluster of a level is placed Spectre for Spectre the same, whatever its
letter, so no amount of edge matching between *Spectres* distinguishes Δ from Ψ.

What the geometry does determine is the two-letter quotient "Γ or not": a Γ has one Γ child
(place 7) and six others (place 2 is empty), every other cluster one Γ child and seven others.
Its matrix [[1, 1], [6, 7]] has characteristic polynomial x² − 8x + 1, the factor that carries
the inflation factor 4 + √15 of the nine-letter substitution.
"""

from __future__ import annotations

import pytest

from generator.spectre import substitution as S

NON_GAMMA = [t for t in range(9) if t != S.GAMMA]


def placed_spectres(t: int, k: int) -> frozenset:
    """The isometries (and oddness) of the Spectres of a level-k cluster of type t."""
    return frozenset((iso, odd) for iso, odd, _, _ in S.expand(t, k))


def test_gamma_children_sit_only_in_place_7():
    for t in range(9):
        gammas = [p for p in S.PLACES[t] if S.CHILD[t][p] == S.GAMMA]
        assert gammas == [7]
    assert S.PLACES[S.GAMMA] == (0, 1, 3, 4, 5, 6, 7)
    assert all(S.PLACES[t] == tuple(range(8)) for t in NON_GAMMA)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_letters_are_invisible_to_the_spectres(k):
    reference = placed_spectres(NON_GAMMA[0], k)
    assert len(reference) == S.spectre_count(NON_GAMMA[0], k)
    for t in NON_GAMMA[1:]:
        assert placed_spectres(t, k) == reference
    assert placed_spectres(S.GAMMA, k) != reference


def test_gamma_or_not_quotient_carries_x2_minus_8x_plus_1():
    M = S.substitution_matrix()
    lumped = {}
    for u in range(9):
        kind = "G" if u == S.GAMMA else "N"
        col = (M[S.GAMMA][u], sum(M[t][u] for t in NON_GAMMA))
        assert lumped.setdefault(kind, col) == col            # every non-Γ parent alike
    a, c = lumped["G"]                                        # Γ parent: (Γ children, others)
    b, d = lumped["N"]
    assert (a, b, c, d) == (1, 1, 6, 7)
    assert (a + d, a * d - b * c) == (8, 1)                   # x² − (trace) x + det = x² − 8x + 1
