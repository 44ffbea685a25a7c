"""Session fixtures: expensive results computed once per test session and shared by files."""
import pytest


@pytest.fixture(scope="session")
def tantrix_enumeration():
    """The exhaustive extra-symmetric enumeration with its class counts (the engine memoises
    the fillings, so single_loop_patterns and uniform_pattern reuse this run)."""
    from generator.tantrix import enumerate as enum
    return enum.enumerate_all()
