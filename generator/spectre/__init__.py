"""The Spectre family: exact geometry in Z[ω] (`geometry`), the nine-metatile substitution
(`substitution`, Algorithm 1 in `supertile`), exact limits in Q(√15) (`limits`), random patches
by combinatorial coordinates (`patch`, `permalink`), checks (`check`), output (`render`),
derived adjacency (`tables`), article figures (`article`) and the `Family` value (`family`)."""
