"""Exact arithmetic in Z[t], t = e^{iπ/5}: identities and exact signs against floats."""
import cmath
import math
import random
from fractions import Fraction

import pytest

from generator.penrose import algebra as Z

T = Z.T


def close(p, z, tol=1e-9):
    return abs(Z.to_complex(p) - z) < tol


def test_t_is_a_primitive_tenth_root_of_unity():
    assert Z.power(T, 5) == Z.neg(Z.ONE)
    assert Z.power(T, 10) == Z.ONE
    assert all(Z.power(T, k) != Z.ONE for k in range(1, 10))
    assert Z.power(T, 4) == (-1, 1, -1, 1)          # t⁴ = t³ − t² + t − 1


def test_phi_identities():
    assert Z.add(T, Z.INV_T) == Z.PHI                # φ = t + 1/t
    assert Z.mul(T, Z.INV_T) == Z.ONE
    assert Z.mul(Z.PHI, Z.INV_PHI) == Z.ONE
    assert Z.sub(Z.PHI, Z.ONE) == Z.INV_PHI          # 1/φ = φ − 1
    assert Z.mul(Z.PHI, Z.PHI) == Z.add(Z.PHI, Z.ONE)
    assert close(Z.PHI, (1 + 5 ** 0.5) / 2)


def test_float_conversion_matches_complex_powers():
    t = cmath.exp(1j * math.pi / 5)
    rng = random.Random(1)
    for _ in range(200):
        p = tuple(rng.randint(-50, 50) for _ in range(4))
        assert close(p, p[0] + p[1] * t + p[2] * t ** 2 + p[3] * t ** 3, 1e-9)


def test_multiplication_is_complex_multiplication():
    rng = random.Random(2)
    for _ in range(500):
        p = tuple(rng.randint(-30, 30) for _ in range(4))
        q = tuple(rng.randint(-30, 30) for _ in range(4))
        assert close(Z.mul(p, q), Z.to_complex(p) * Z.to_complex(q), 1e-6)
        assert Z.mul(p, q) == Z.mul(q, p)
        r = tuple(rng.randint(-9, 9) for _ in range(4))
        assert Z.mul(Z.mul(p, q), r) == Z.mul(p, Z.mul(q, r))


def test_rotation_by_t_and_conjugate():
    rng = random.Random(3)
    for _ in range(100):
        p = tuple(rng.randint(-30, 30) for _ in range(4))
        assert close(Z.mul(p, T), Z.to_complex(p) * cmath.exp(1j * math.pi / 5), 1e-7)
        assert close(Z.conj(p), Z.to_complex(p).conjugate(), 1e-7)


def test_exact_x_and_y_parts():
    s = math.sin(math.pi / 5)
    rng = random.Random(4)
    for _ in range(500):
        p = tuple(rng.randint(-1000, 1000) for _ in range(4))
        z = Z.to_complex(p)
        P, Q = Z.x_parts(p)
        assert abs((P + Q * 5 ** 0.5) / 4 - z.real) < 1e-8
        P, Q = Z.y_parts(p)
        assert abs((P + Q * 5 ** 0.5) * s / 2 - z.imag) < 1e-8


def test_sign5_against_floats_and_hard_cases():
    rng = random.Random(5)
    for _ in range(5000):
        p, q = rng.randint(-10 ** 6, 10 ** 6), rng.randint(-10 ** 6, 10 ** 6)
        v = p + q * 5 ** 0.5
        if abs(v) > 1e-6:
            assert Z.sign5(p, q) == (1 if v > 0 else -1)
    # convergents of √5: p/q very close to √5, floats would be unreliable
    a, b = 9, 4
    for _ in range(30):
        assert Z.sign5(a, -b) == 1          # 9² − 5·4² = 1 > 0, so a > b√5
        assert Z.sign5(-a, b) == -1
        a, b = 9 * a + 20 * b, 4 * a + 9 * b   # next solution of a² − 5b² = 1
    assert Z.sign5(0, 0) == 0 and Z.sign5(Fraction(1, 3), 0) == 1


def test_sign_mixed_against_floats():
    s = math.sin(math.pi / 5)
    rng = random.Random(6)
    for _ in range(3000):
        alpha = (Fraction(rng.randint(-999, 999), rng.randint(1, 9)), Fraction(rng.randint(-999, 999), 7))
        beta = (Fraction(rng.randint(-999, 999), 3), Fraction(rng.randint(-999, 999), rng.randint(1, 9)))
        v = float(alpha[0]) + float(alpha[1]) * 5 ** 0.5 + s * (float(beta[0]) + float(beta[1]) * 5 ** 0.5)
        if abs(v) > 1e-7:
            assert Z.sign_mixed(alpha, beta) == (1 if v > 0 else -1)


def test_compare_and_cross_sign_against_floats():
    rng = random.Random(7)
    for _ in range(3000):
        p = tuple(rng.randint(-60, 60) for _ in range(4))
        q = tuple(rng.randint(-60, 60) for _ in range(4))
        xv = Fraction(rng.randint(-400, 400), rng.randint(1, 20))
        yv = Fraction(rng.randint(-400, 400), rng.randint(1, 20))
        zp, zq = Z.to_complex(p) / 3, Z.to_complex(q) / 3
        if abs(zp.real - float(xv)) > 1e-7:
            assert Z.compare_x(p, xv, 3) == (1 if zp.real > xv else -1)
        if abs(zp.imag - float(yv)) > 1e-7:
            assert Z.compare_y(p, yv, 3) == (1 if zp.imag > yv else -1)
        c = (zq - zp).real * (float(yv) - zp.imag) - (zq - zp).imag * (float(xv) - zp.real)
        if abs(c) > 1e-7:
            assert Z.cross_sign(p, q, (xv, yv), 3) == (1 if c > 0 else -1)


def test_exact_comparisons_on_the_nose():
    # a vertex exactly on a rational vertical line: Re(1 + t + t⁴ + ...) — take p = 2 (x = 2/3 with denom 3)
    assert Z.compare_x((2, 0, 0, 0), Fraction(2, 3), 3) == 0
    # Re(t − t²) = cos36 − cos72 = 1/2 exactly
    assert Z.compare_x((0, 1, -1, 0), Fraction(1, 2)) == 0
    assert Z.compare_y((5, 0, 0, 0), Fraction(0)) == 0


def test_orientation_and_collinear():
    o, a, b = Z.ZERO, Z.ONE, T
    assert Z.orientation(o, a, b) == 1 and Z.orientation(o, b, a) == -1
    assert Z.collinear(o, a, Z.PHI) and not Z.collinear(o, a, b)


@pytest.mark.parametrize("k", range(10))
def test_t_power_negative(k):
    assert Z.mul(Z.t_power(k), Z.t_power(-k)) == Z.ONE


def test_q5_field():
    phi = Z.Q5_PHI
    assert phi * phi == phi + 1
    assert (phi.inverse() * phi) == Z.Q5(1)
    assert abs(float(phi) - (1 + 5 ** 0.5) / 2) < 1e-12
    assert Z.Q5(2, -1) < Z.Q5(0) < Z.Q5(-2, 1)
