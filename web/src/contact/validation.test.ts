import { describe, expect, it } from 'vitest'
import { validateContact, type ContactValues } from './validation'

const valid: ContactValues = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  phone: '',
  message: 'Gostaria de agendar uma visita.',
}

describe('validateContact', () => {
  it('accepts a valid message, phone optional', () => {
    expect(validateContact(valid)).toEqual({})
    expect(validateContact({ ...valid, phone: '(48) 99999-0000' })).toEqual({})
    expect(validateContact({ ...valid, email: 'josé.silva+imoveis@exemplo.com.br' })).toEqual({})
  })

  it('trims and counts code points like the server', () => {
    expect(validateContact({ ...valid, name: '  A  ' }).name).toEqual(['O nome deve ter pelo menos 2 caracteres.'])
    expect(validateContact({ ...valid, name: '李明' })).toEqual({})
    // 150 emoji are 300 UTF-16 units but 150 code points.
    expect(validateContact({ ...valid, name: '😀'.repeat(150) })).toEqual({})
    expect(validateContact({ ...valid, name: '😀'.repeat(151) }).name).toEqual([
      'O nome deve ter no máximo 150 caracteres.',
    ])
    expect(validateContact({ ...valid, message: 'é'.repeat(2000) })).toEqual({})
    expect(validateContact({ ...valid, message: 'é'.repeat(2001) }).message).toEqual([
      'A mensagem deve ter no máximo 2000 caracteres.',
    ])
    expect(validateContact({ ...valid, message: '   curta   ' }).message).toEqual([
      'A mensagem deve ter pelo menos 10 caracteres.',
    ])
  })

  it('requires name, e-mail and message', () => {
    expect(validateContact({ name: ' ', email: '', phone: '', message: '' })).toEqual({
      name: ['Informe seu nome.'],
      email: ['Informe seu e-mail.'],
      message: ['Escreva sua mensagem.'],
    })
  })

  it.each(['ana', 'ana@', '@exemplo.com', 'ana@exemplo', 'ana@exemplo.', 'ana @exemplo.com', 'ana@@exemplo.com', 'ana@.com', 'ana,b@exemplo.com', 'ana(x)@exemplo.com', '<ana@exemplo.com>', 'ana@exemplo.com;'])(
    'rejects the e-mail %j',
    (email) => {
      expect(validateContact({ ...valid, email }).email).toEqual(['Informe um e-mail válido, como nome@exemplo.com.br.'])
    },
  )

  it('limits e-mail to 254 and phone to 20 characters', () => {
    const long = `${'a'.repeat(245)}@exemplo.com`
    expect(validateContact({ ...valid, email: long }).email).toEqual(['O e-mail deve ter no máximo 254 caracteres.'])
    expect(validateContact({ ...valid, phone: '1'.repeat(20) })).toEqual({})
    expect(validateContact({ ...valid, phone: '1'.repeat(21) }).phone).toEqual([
      'O telefone deve ter no máximo 20 caracteres.',
    ])
  })
})
