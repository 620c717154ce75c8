import pytest

from comun import nuevo_espacio


@pytest.fixture
def ns():
    return nuevo_espacio()
