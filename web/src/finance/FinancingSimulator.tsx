import { useId, useState } from 'react'
import { formatBRL, formatMoneyInput, formatNumberInput, parseDecimal, parseMoneyInput, parseNumberInput } from '../lib/money'
import {
  DEFAULT_DOWN_PAYMENT,
  DEFAULT_TERM_MONTHS,
  INCOME_COMMITMENT,
  isSimulation,
  simulate,
  type Simulation,
  type SimulationError,
} from './finance'
import './simulator.css'

interface Props {
  /** The listing's sale price, in reais. */
  price: number
  /** The agency's yearly effective rate, in percent (11.5). */
  yearlyRatePercent: number
}

type Unit = 'anos' | 'meses'

/**
 * The financing simulator of a sale listing: down payment, term and
 * yearly rate in, both tables out, worked out in the browser as the
 * visitor types (finance.ts). Loaded only when the visitor opens it.
 */
export default function FinancingSimulator({ price, yearlyRatePercent }: Props) {
  const id = useId()
  const [down, setDown] = useState(() => formatMoneyInput((Math.round(price * DEFAULT_DOWN_PAYMENT * 100) / 100).toFixed(2)))
  const [term, setTerm] = useState(String(DEFAULT_TERM_MONTHS / 12))
  const [unit, setUnit] = useState<Unit>('anos')
  const [rate, setRate] = useState(formatNumberInput(yearlyRatePercent))

  const result = read(price, down, term, unit, rate)
  const error = isSimulation(result) ? null : result
  const errorFor = (field: SimulationError['field']) => (error?.field === field ? error.message : null)

  return (
    <div className="simulator">
      <p className="simulator__price">
        Valor do imóvel: <strong>{formatBRL(price)}</strong>
      </p>
      <div className="simulator__fields">
        <NumberField id={`${id}-down`} label="Entrada (R$)" value={down} onChange={setDown} error={errorFor('downPayment')} />
        <div className="simulator__field">
          <label htmlFor={`${id}-term`}>Prazo</label>
          <div className="simulator__term">
            <input
              id={`${id}-term`}
              inputMode="numeric"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              aria-invalid={errorFor('months') ? true : undefined}
              aria-describedby={errorFor('months') ? `${id}-term-error` : undefined}
            />
            <select aria-label="Unidade do prazo" value={unit} onChange={(e) => setUnit(e.target.value as Unit)}>
              <option value="anos">anos</option>
              <option value="meses">meses</option>
            </select>
          </div>
          {errorFor('months') && (
            <p id={`${id}-term-error`} className="simulator__error">
              {errorFor('months')}
            </p>
          )}
        </div>
        <NumberField
          id={`${id}-rate`}
          label="Juros (% ao ano)"
          value={rate}
          onChange={setRate}
          error={errorFor('yearlyRate')}
        />
      </div>
      {isSimulation(result) && <Results simulation={result} />}
      <p className="simulator__note">
        Estimativa sem seguros obrigatórios (MIP e DFI), taxa de administração, avaliação e custos de cartório. Juros
        como taxa efetiva anual; a parcela e a aprovação dependem da análise do banco.
      </p>
    </div>
  )
}

/** The simulation of what was typed, or what is wrong with it. */
function read(price: number, down: string, term: string, unit: Unit, rate: string): Simulation | SimulationError {
  const money = parseMoneyInput(down)
  const downPayment = money.ok ? (parseDecimal(money.value) ?? 0) : Number.NaN
  const t = parseNumberInput(term)
  const months = t.ok && t.value !== null ? (unit === 'anos' ? t.value * 12 : t.value) : Number.NaN
  const r = parseNumberInput(rate)
  const yearlyRate = r.ok && r.value !== null ? r.value / 100 : Number.NaN
  return simulate({ price, downPayment, months, yearlyRate })
}

function NumberField(props: { id: string; label: string; value: string; onChange: (v: string) => void; error: string | null }) {
  return (
    <div className="simulator__field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        inputMode="decimal"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error && (
        <p id={`${props.id}-error`} className="simulator__error">
          {props.error}
        </p>
      )}
    </div>
  )
}

function Results({ simulation: s }: { simulation: Simulation }) {
  const rows: Array<[string, number, number]> = [
    ['Primeira parcela', s.sac.first, s.price.first],
    ['Última parcela', s.sac.last, s.price.last],
    ['Total pago', s.sac.total, s.price.total],
    [`Renda mensal necessária (${INCOME_COMMITMENT * 100}%)`, s.sac.incomeNeeded, s.price.incomeNeeded],
  ]
  return (
    <div className="simulator__results" aria-live="polite">
      <p>
        Valor financiado: <strong>{formatBRL(s.financed)}</strong> · juros de{' '}
        {formatNumberInput(Math.round(s.monthlyRate * 1e6) / 1e4)}% ao mês
      </p>
      <table className="simulator__table">
        <caption className="visually-hidden">Parcelas nas tabelas SAC e Price</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">SAC</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, sac, price]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatBRL(Math.round(sac * 100) / 100)}</td>
              <td>{formatBRL(Math.round(price * 100) / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="simulator__hint">
        SAC: parcelas que diminuem a cada mês. Price: parcelas iguais do início ao fim.
      </p>
    </div>
  )
}
