/**
 * mailto: links, built in one place. An address shown in the inbox was
 * typed by a visitor, and the agency's by staff: put into a link as it
 * is, "v@x.com?bcc=a%40evil.com&body=…" would add recipients and a body
 * to the message. The server refuses such addresses, but every address
 * stored before that, or from an older server, still reaches here.
 */

/**
 * The mailto: link of one address (RFC 6068): its local part and its
 * domain each percent-encoded (encodeURIComponent leaves letters, digits
 * and - _ . ! ~ * ' ( ) as they are), so that no "?", "&", "#", "," or
 * "%" of the address can start headers, a body or another recipient.
 * The "@" between them is the last one; one inside a quoted local part
 * is encoded with it. Non-ASCII letters become percent-encoded UTF-8, as
 * RFC 6068 section 2 asks.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(address)}`
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}
