/**
 * Phone numbers as people type them ("(48) 99999-0000", "+55 48
 * 99999-0000", "048 99999-0000", "48999990000") and as the API stores
 * them (E.164, "+5548999990000"): read in this one place for the
 * WhatsApp links, the tel: links and the way a number is shown.
 */

/**
 * The digits of the full international number: "+55 (48) 99999-0000" →
 * "5548999990000". A Brazilian number written without its country code
 * (area code and number, 10 or 11 digits, maybe after a trunk 0) gets
 * 55 in front. Null for something that is not a phone number.
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  if (!phone) return null
  const text = phone.trim()
  if (/[^\d\s().+-]/.test(text) || text.lastIndexOf('+') > 0) return null
  let digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? digits : null
  if ((digits.length === 11 || digits.length === 12) && digits[0] === '0') digits = digits.slice(1) // the trunk 0
  if (digits.length === 10 || digits.length === 11) {
    if (digits[0] === '0' || digits[1] === '0') return null // no area code starts or ends with 0
    return `55${digits}`
  }
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null
  return digits
}

/**
 * A number as Brazilians write it: "(41) 99999-8888" for a Brazilian
 * one, "+351912345678" for another country's, and as typed when it
 * cannot be read.
 */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone)
  if (!digits) return phone.trim()
  if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) {
    const area = digits.slice(2, 4)
    const number = digits.slice(4)
    return `(${area}) ${number.slice(0, -4)}-${number.slice(-4)}`
  }
  return `+${digits}`
}

/** The tel: address: international when the number can be read, else the digits as typed. */
export function telHref(phone: string): string {
  const digits = phoneDigits(phone)
  return `tel:${digits ? `+${digits}` : phone.replace(/[^\d+]/g, '')}`
}
