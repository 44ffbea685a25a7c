"""The articles' rule figures: each is the first hint of the rule it is named after, in the
worked solution of a real puzzle, drawn with what it reads and decides highlighted."""
import re

import pytest

from generator import hintsheets as H
from generator.calissons import hints as CH
from generator.loopy import figures as LF


@pytest.mark.parametrize("rule", sorted(LF.RULE_PUZZLES))
def test_loopy_rule_figure_shows_that_rule(rule):
    from generator.loopy import hints as LH
    svg = LF.rule_figure(rule, LF.RULE_PUZZLES[rule])
    title = re.search(r"<title>(.*?)</title>", svg).group(1)
    # the hint the figure shows, found independently by replaying the explanation
    ex = LH.explanation(LH.for_link(LF.RULE_PUZZLES[rule]))
    first = next(s for s in ex.steps if s.rule == rule)
    assert H.escape(first.text) == title
    assert H.NEW_YES in svg and H.READ in svg


def test_calisson_rule_figures_show_their_rules():
    figs = CH.rule_figures()
    assert sorted(figs) == sorted(f"calissons-rule-{r}{'' if f is None else ('-fold' if f else '-flat')}.svg"
                                  for r, f in CH.FIGURE_RULES)
    for name, svg in figs.items():
        rule = name[len("calissons-rule-"):-4].replace("-fold", "").replace("-flat", "")
        assert CH.RULES[rule][1] in svg and H.NEW_YES in svg
