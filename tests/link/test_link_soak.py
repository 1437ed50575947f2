import pytest

from handheld.link.relay import Condition
from handheld.tools import link_soak


def test_a_condition_is_delay_jitter_and_loss_per_thousand():
    assert link_soak.parse_condition("100/10/20") == Condition(100, 10, 20)


@pytest.mark.parametrize("text", ["100/10", "a/b/c", "100-10-20"])
def test_a_bad_condition_names_the_form_to_write(text, capsys):
    with pytest.raises(SystemExit) as exit_:
        link_soak.main([text])
    assert exit_.value.code == 2
    assert "write delay/jitter/loss, e.g. 100/10/20" in capsys.readouterr().err


@pytest.mark.slow
def test_one_lossy_match_is_good_and_counted(capsys):
    assert link_soak.main(["--matches", "1", "--seed", "77", "30/10/100"]) == 0
    row = capsys.readouterr().out.strip().splitlines()[-1]
    assert row.startswith("| 30ms+10ms/10% | 1 | 1 | 0 |"), row


@pytest.mark.slow
def test_a_pad_step_that_lands_wrong_is_walked_back():
    """Seed 7000 at 30 ms / 2 %: the Dark player's goblin stepped onto 29 where its
    plan said 21; the pad player tapped ALT (help, in a walk) for ever and the match
    never ended. It now steps back and walks its plan."""
    result = link_soak.play_one(7000, link_soak.parse_condition("30/10/20"))
    assert result["finished"] and result["verified"] and result["same_end"] and not result["desyncs"], result
