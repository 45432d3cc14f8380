"""``cairn serve`` with the test-only rulesets registered too, for end-to-end tests.

Run as ``python -m tests.support.serve serve --port N``: the same click command as
``python -m cli.main``; with one worker uvicorn serves in this very process, so the
registrations below are live in the served app.
"""

from cli.main import main
from domain.games import load_all
from tests.support import counting, sealed

load_all()
counting.install()
sealed.install()

if __name__ == "__main__":
    main()
