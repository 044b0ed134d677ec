"""One ``zalg studio`` server for the studio's tests (API and browser)."""
from __future__ import annotations

import pytest

from tests.helpers.studio import StudioServer


@pytest.fixture(scope="session")
def studio():
    server = StudioServer("--memory", "1G", "--jobs", "3")
    yield server
    status, err = server.stop()
    # Ctrl-C: the server and its jobs end, with one line and no traceback
    assert status in (0, 130), err
    assert "Traceback" not in err, err
