"""``cairn serve`` with the test-only rulesets registered too, for end-to-end tests.

Run as ``python -m tests.support.serve serve --port N``: the same click command as
``python -m cli.main``; with one worker uvicorn serves in this very process, so the
registrations below are live in the served app. They are every shared ruleset
(tests/support/rulesets.py), so a new test ruleset is served with no edit here.
"""

from cli.main import main
from tests.support.rulesets import installed

installed()

if __name__ == "__main__":
    main()
