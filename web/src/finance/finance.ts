/**
 * The financing simulator's maths: the two amortisation systems Brazilian
 * banks offer for housing loans, SAC (constant amortisation, falling
 * instalments) and Price (Tabela Price, constant instalments).
 *
 * Convention: the yearly rate is an effective rate (taxa efetiva anual),
 * as banks quote housing loans, so the monthly rate is the one that
 * compounds to it over twelve months, (1 + yearly)^(1/12) − 1, not the
 * yearly rate divided by 12 (that would be a nominal rate). Amounts are
 * reais as numbers, not rounded here: the display rounds to centavos.
 * The estimate leaves out what banks add to each instalment (insurance
 * MIP and DFI, the administration fee) and the appraisal and registry
 * costs.
 */

/** The share of the gross monthly income that banks let the instalment take. */
export const INCOME_COMMITMENT = 0.3

/** The down payment offered first, as a share of the price. */
export const DEFAULT_DOWN_PAYMENT = 0.2

/** The term offered first: 30 years, the usual longest of housing loans (up to 35 at some banks). */
export const DEFAULT_TERM_MONTHS = 360

/** The longest term the simulator takes: 35 years. */
export const MAX_TERM_MONTHS = 420

/** 0.115 (11.5 % a year, effective) → the monthly rate that compounds to it. */
export function monthlyRateFromYearly(yearly: number): number {
  return Math.pow(1 + yearly, 1 / 12) - 1
}

/** One system's figures for a loan. */
export interface Table {
  /** The first instalment: the largest, in both systems. */
  first: number
  /** The last instalment (equal to the first in Price). */
  last: number
  /** Every instalment added up: the amount financed plus the interest. */
  total: number
  /** The total interest paid. */
  interest: number
  /** The gross monthly income for the first instalment to be INCOME_COMMITMENT of it. */
  incomeNeeded: number
}

/** A loan: the amount financed, the number of monthly instalments and the monthly rate. */
export interface Loan {
  principal: number
  months: number
  monthlyRate: number
}

/**
 * SAC: each month repays principal / n, plus the interest on what is
 * still owed, so the instalments fall by the same amount each month.
 * Instalment k (1-based) = A + (P − (k − 1)·A)·i with A = P / n; the
 * first is A + P·i, the last A·(1 + i); the interest adds up to
 * i·A·(n + (n − 1) + … + 1) = i·P·(n + 1) / 2.
 */
export function sac({ principal: P, months: n, monthlyRate: i }: Loan): Table {
  const A = P / n
  const first = A + P * i
  const interest = (i * P * (n + 1)) / 2
  return table(first, A * (1 + i), P + interest, interest)
}

/**
 * Price: the constant instalment that repays the loan in n months,
 * PMT = P·i / (1 − (1 + i)^−n), or P / n without interest.
 */
export function price({ principal: P, months: n, monthlyRate: i }: Loan): Table {
  const pmt = i === 0 ? P / n : (P * i) / (1 - Math.pow(1 + i, -n))
  return table(pmt, pmt, pmt * n, pmt * n - P)
}

function table(first: number, last: number, total: number, interest: number): Table {
  return { first, last, total, interest, incomeNeeded: first / INCOME_COMMITMENT }
}

/** What the visitor sets: the listing's price, the down payment, the term and the yearly rate. */
export interface Inputs {
  price: number
  downPayment: number
  months: number
  /** Effective yearly rate as a fraction: 0.115 for 11.5 % a year. */
  yearlyRate: number
}

export interface Simulation {
  financed: number
  monthlyRate: number
  sac: Table
  price: Table
}

/** Why a simulation cannot be made, in the words the form shows. */
export type SimulationError = { field: 'downPayment' | 'months' | 'yearlyRate'; message: string }

/** Both tables for the inputs, or what is wrong with them. */
export function simulate(inputs: Inputs): Simulation | SimulationError {
  const { price: value, downPayment, months, yearlyRate } = inputs
  if (!(downPayment >= 0) || downPayment >= value) {
    return { field: 'downPayment', message: 'A entrada deve ser menor que o valor do imóvel.' }
  }
  if (!Number.isInteger(months) || months < 1 || months > MAX_TERM_MONTHS) {
    return { field: 'months', message: `Informe um prazo de 1 a ${MAX_TERM_MONTHS} meses (35 anos).` }
  }
  if (!(yearlyRate >= 0) || yearlyRate > 0.5) {
    return { field: 'yearlyRate', message: 'Informe uma taxa de juros anual de 0% a 50%.' }
  }
  const loan = { principal: value - downPayment, months, monthlyRate: monthlyRateFromYearly(yearlyRate) }
  return { financed: loan.principal, monthlyRate: loan.monthlyRate, sac: sac(loan), price: price(loan) }
}

export function isSimulation(s: Simulation | SimulationError): s is Simulation {
  return 'sac' in s
}
