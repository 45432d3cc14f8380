"""Analysis for replay review: rollouts over processes, the cache, and background jobs.

The pure rollout logic is ``domain.analysis``; this package picks the points a viewer may
analyse, spreads the rollouts over processes, caches the results as a projection and runs
analyses in the background for the API (docs/analysis.md).
"""

from service.analysis.analyst import Prepared, compute, prepare
from service.analysis.request import Request

__all__ = ["Prepared", "Request", "compute", "prepare"]
