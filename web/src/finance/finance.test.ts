import { describe, expect, it } from 'vitest'
import { isSimulation, monthlyRateFromYearly, price, sac, simulate } from './finance'

/*
 * Reference cases worked by hand (the derivations are beside each case);
 * amounts are compared to the centavo, rates to 1e-9.
 */

describe('monthly rate from the effective yearly rate', () => {
  it('compounds, not divides', () => {
    // 1.01^12 = 1.126825030131970 (1.01^2 = 1.0201, ^4 = 1.04060401,
    // ^8 = 1.0828567056280801, ^12 = ^8·^4 = 1.1268250301319698), so
    // 12.6825030131970 % a year is exactly 1 % a month.
    expect(monthlyRateFromYearly(0.12682503013197)).toBeCloseTo(0.01, 9)
    // 12 % a year: (1.12)^(1/12) − 1 = 0.9488793 % a month, less than
    // the 1 % that 12 / 12 would give.
    expect(monthlyRateFromYearly(0.12)).toBeCloseTo(0.009488793, 9)
    expect(monthlyRateFromYearly(0)).toBe(0)
  })
})

describe('R$ 100.000 over 120 months at 1 % a month', () => {
  const loan = { principal: 100_000, months: 120, monthlyRate: 0.01 }

  it('Price: one instalment of R$ 1.434,71', () => {
    // 1.01^120 = (1.01^12)^10 = 1.1268250301^10 = 3.3003868946, so
    // (1.01)^−120 = 0.3029947721 and PMT = 100000 · 0.01 / (1 − 0.3029947721)
    // = 1000 / 0.6970052279 = 1434.7094840. Total: 120 · PMT = 172165.138.
    const t = price(loan)
    expect(t.first).toBeCloseTo(1434.71, 2)
    expect(t.last).toBe(t.first)
    expect(t.total).toBeCloseTo(172165.14, 2)
    expect(t.interest).toBeCloseTo(72165.14, 2)
    // Income at 30 %: 1434.7094840 / 0.3 = 4782.3649.
    expect(t.incomeNeeded).toBeCloseTo(4782.36, 2)
  })

  it('SAC: from R$ 1.833,33 down to R$ 841,67', () => {
    // A = 100000 / 120 = 833.3333. First: A + 100000 · 0.01 = 1833.3333.
    // Last: A + A · 0.01 = 841.6667. Interest: 0.01 · 100000 · 121 / 2
    // = 60500, total 160500. Income at 30 %: 1833.3333 / 0.3 = 6111.11.
    const t = sac(loan)
    expect(t.first).toBeCloseTo(1833.33, 2)
    expect(t.last).toBeCloseTo(841.67, 2)
    expect(t.total).toBeCloseTo(160500, 2)
    expect(t.interest).toBeCloseTo(60500, 2)
    expect(t.incomeNeeded).toBeCloseTo(6111.11, 2)
  })
})

describe('without interest', () => {
  it('both systems split the amount evenly', () => {
    // 12000 / 12 = 1000 each month, nothing more.
    const loan = { principal: 12_000, months: 12, monthlyRate: 0 }
    for (const t of [price(loan), sac(loan)]) {
      expect(t.first).toBe(1000)
      expect(t.last).toBe(1000)
      expect(t.total).toBe(12000)
      expect(t.interest).toBe(0)
    }
  })
})

describe('SAC matches its schedule month by month', () => {
  it('adds up the instalments of a short loan', () => {
    // R$ 3.000 in 3 months at 2 %: A = 1000; owed 3000, 2000, 1000;
    // instalments 1000 + 60 = 1060, 1000 + 40 = 1040, 1000 + 20 = 1020;
    // total 3120 = 3000 + 0.02 · 3000 · 4 / 2.
    const t = sac({ principal: 3000, months: 3, monthlyRate: 0.02 })
    expect([t.first, t.last, t.total]).toEqual([1060, 1020, 3120])
  })
  it('Price repays the loan: the balance after the last instalment is zero', () => {
    // R$ 1.000 in 2 months at 10 %: PMT = 1000 · 0.1 / (1 − 1.1^−2)
    // = 100 / (1 − 0.8264463) = 576.19048; month 1 owes 1100 − 576.19
    // = 523.81, month 2 owes 523.81 · 1.1 = 576.19: repaid.
    const t = price({ principal: 1000, months: 2, monthlyRate: 0.1 })
    expect(t.first).toBeCloseTo(576.19, 2)
    expect((1000 * 1.1 - t.first) * 1.1 - t.first).toBeCloseTo(0, 9)
  })
})

describe('simulate', () => {
  it('finances the price less the down payment', () => {
    // R$ 125.000 with R$ 25.000 down (20 %) over 120 months at
    // 12.6825030132 % a year (1 % a month): the R$ 100.000 case above.
    const s = simulate({ price: 125_000, downPayment: 25_000, months: 120, yearlyRate: 0.12682503013197 })
    if (!isSimulation(s)) throw new Error(s.message)
    expect(s.financed).toBe(100_000)
    expect(s.price.first).toBeCloseTo(1434.71, 2)
    expect(s.sac.first).toBeCloseTo(1833.33, 2)
  })
  it('refuses what cannot be financed', () => {
    const base = { price: 100_000, downPayment: 20_000, months: 360, yearlyRate: 0.115 }
    expect(simulate({ ...base, downPayment: 100_000 })).toMatchObject({ field: 'downPayment' })
    expect(simulate({ ...base, downPayment: -1 })).toMatchObject({ field: 'downPayment' })
    expect(simulate({ ...base, months: 0 })).toMatchObject({ field: 'months' })
    expect(simulate({ ...base, months: 421 })).toMatchObject({ field: 'months' })
    expect(simulate({ ...base, months: 12.5 })).toMatchObject({ field: 'months' })
    expect(simulate({ ...base, yearlyRate: Number.NaN })).toMatchObject({ field: 'yearlyRate' })
    expect(simulate({ ...base, yearlyRate: 0.51 })).toMatchObject({ field: 'yearlyRate' })
  })
})
