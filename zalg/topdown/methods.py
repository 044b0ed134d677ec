"""The top-down constructions as routes of Family's methods (``zalg.algebra.routes``):
``F.hitting``, ``F.hitting_trial``, ``F.minimal`` and ``F.unique_exists`` take them for
``method="topdown"`` (and "auto").  Registered when ``zalg.topdown`` is imported."""

from __future__ import annotations

from ..algebra import routes
from .hitting import hitting_topdown, hitting_trial
from .minimal import minimal_topdown
from .unique_exists import unique_exists_topdown

routes.register("hitting", hitting_topdown)
routes.register("hitting_trial", hitting_trial)
routes.register("minimal", minimal_topdown)
routes.register("unique_exists", unique_exists_topdown)
