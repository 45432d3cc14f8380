"""The one error a Decider raises for an illegal command."""

from __future__ import annotations


class RuleViolation(Exception):
    """An illegal command: a stable machine code plus a message a player understands.

    Stable codes used across rulesets: ``game_over``, ``wrong_phase``, ``not_your_turn``,
    ``illegal_action``, ``invalid_command``. Rulesets may add their own codes; they are part
    of the public contract once shipped. The message never names hidden information.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[type[RuleViolation], tuple[str, str]]:
        # An analysis worker sends a rollout's refusal (a bot's bug) to its parent pickled;
        # by ``args`` alone it was rebuilt with one argument of two, the parent's result
        # thread died, and the analysis waited for ever instead of failing.
        return type(self), (self.code, self.message)
