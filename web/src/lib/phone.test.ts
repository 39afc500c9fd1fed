import { describe, expect, it } from 'vitest'
import { formatPhone, phoneDigits, telHref } from './phone'

describe('phoneDigits', () => {
  it.each([
    ['+5548999990000', '5548999990000'],
    ['+55 (48) 99999-0000', '5548999990000'],
    ['(48) 99999-0000', '5548999990000'],
    ['048 99999-0000', '5548999990000'],
    ['48 3333-4444', '554833334444'],
    ['5548999990000', '5548999990000'],
    ['+351912345678', '351912345678'],
  ])('%s → %s', (phone, digits) => {
    expect(phoneDigits(phone)).toBe(digits)
  })

  it.each([null, undefined, '', '   ', 'não tenho', '+55 48 9999x0000', '1234', '0800 123 4567', '48+999990000', '(40) 99999-0000'])(
    'refuses %s',
    (phone) => {
      expect(phoneDigits(phone)).toBeNull()
    },
  )
})

describe('formatPhone', () => {
  it.each([
    ['+5541999998888', '(41) 99999-8888'],
    ['41999998888', '(41) 99999-8888'],
    ['+554133334444', '(41) 3333-4444'],
    ['+351912345678', '+351912345678'],
    [' ramal 12 ', 'ramal 12'],
  ])('%s → %s', (phone, shown) => {
    expect(formatPhone(phone)).toBe(shown)
  })
})

describe('telHref', () => {
  it('calls the international number, or the digits as typed', () => {
    expect(telHref('(41) 99999-8888')).toBe('tel:+5541999998888')
    expect(telHref('ramal 12')).toBe('tel:12')
  })
})
