"""The domain's errors survive pickling: an analysis worker sends a rollout's error to its
parent pickled, and one rebuilt from ``args`` alone (``RuleViolation`` takes two arguments)
failed in the parent's result thread, so the analysis waited for ever instead of failing."""

from __future__ import annotations

import pickle

import pytest

from domain.analysis.rollouts import NoRollout
from domain.core import RuleViolation
from domain.core.codec import CodecError
from domain.core.registry import UnknownRuleset


@pytest.mark.parametrize(
    "error",
    [
        RuleViolation("wrong_phase", "the game has not been set up"),
        UnknownRuleset("peloponnes", "9"),
        UnknownRuleset("nowhere"),
        NoRollout("peloponnes: nobody can act and the game is not over"),
        CodecError("$.to[1]", "expected an integer"),
    ],
    ids=repr,
)
def test_an_error_comes_back_from_pickling_as_it_was(error: Exception) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert repr(again) == repr(error) and str(again) == str(error)
    assert vars(again) == vars(error)
