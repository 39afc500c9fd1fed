/**
 * Links for a phone number as a visitor typed it in the contact form
 * ("(48) 99999-0000", "+55 48 99999-0000", "48999990000"). A Brazilian
 * number without the country code gets 55: wa.me needs the full number.
 */
export function phoneDigits(phone: string): string | null {
  const text = phone.trim()
  const digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? digits : null
  const national = digits.replace(/^0+/, '') // a leading trunk or carrier zero
  if (national.length === 10 || national.length === 11) return `55${national}`
  if ((national.length === 12 || national.length === 13) && national.startsWith('55')) return national
  return null
}

/** The tel: address: international when the number can be read, else the digits as typed. */
export function telHref(phone: string): string {
  const digits = phoneDigits(phone)
  return `tel:${digits ? `+${digits}` : phone.replace(/[^\d+]/g, '')}`
}

/** The wa.me address, or null when the number cannot be read as a full one. */
export function whatsappHref(phone: string): string | null {
  const digits = phoneDigits(phone)
  return digits ? `https://wa.me/${digits}` : null
}
