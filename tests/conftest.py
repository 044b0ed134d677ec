"""Settings for every test: the hypothesis profile of the algebra's property tests."""
from hypothesis import HealthCheck, settings

settings.register_profile("zalg", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("zalg")
