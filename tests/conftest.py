"""Settings for every test: the hypothesis profile of the algebra's property tests, and no
compile note on stderr in child processes (a fresh clone compiles kernels in whichever
test comes first; tests of the note itself remove the variable)."""
import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("ZALG_QUIET_COMPILE", "1")

settings.register_profile("zalg", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("zalg")
