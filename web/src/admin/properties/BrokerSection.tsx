import { useResource } from '../../lib/useResource'
import { useAdminSession } from '../session/AdminSession'
import { listStaff } from '../settings/api'
import { SelectField, useForm } from './fields'

/**
 * The listing's responsible broker, chosen among the staff: the property's
 * page shows them and its WhatsApp goes to their number; leads of the
 * listing are assigned to them.
 */
export function BrokerSection() {
  const { request } = useAdminSession()
  const { values } = useForm()
  const team = useResource('admin-property-brokers', (signal) => listStaff(request, signal))
  const staff = team.status === 'ready' ? team.data.items : []
  const options = [
    { value: '', label: 'Sem corretor (contato da imobiliária)' },
    ...staff.map((p) => ({ value: String(p.id), label: p.creci ? `${p.name} (${p.creci})` : p.name })),
  ]
  if (values.broker_id && !options.some((o) => o.value === values.broker_id)) {
    options.push({ value: values.broker_id, label: 'Corretor atual' })
  }
  return (
    <SelectField
      name="broker_id"
      label="Corretor"
      hint={
        team.status === 'error'
          ? 'Não foi possível carregar a equipe.'
          : 'A página do imóvel mostra o nome, o CRECI e o WhatsApp do corretor; os contatos do imóvel vão para ele.'
      }
      options={options}
    />
  )
}
