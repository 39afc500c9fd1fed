import { useAdminSession } from '../session/AdminSession'
import { removeAgencyLogo, uploadAgencyLogo, type AgencyRecord } from './api'
import { ImageField } from './ImageField'

/** "Logotipo": the image the site's header shows, and its tab's icon. */
export function AgencyLogoField({ record, onSaved }: { record: AgencyRecord; onSaved: (a: AgencyRecord) => void }) {
  const { request, upload } = useAdminSession()
  return (
    <ImageField
      image={record.logo_upload}
      alt={`Logotipo da ${record.name ?? 'imobiliária'}`}
      imageClass="agency-logo"
      width={160}
      height={64}
      gone="Salve os dados da imobiliária antes de enviar o logotipo."
      words={{
        title: 'Logotipo',
        send: 'Enviar logotipo',
        replace: 'Trocar logotipo',
        remove: 'Remover logotipo',
        removeLabel: 'Remover o logotipo',
        processing: 'Processando o logotipo…',
        failed: 'Não foi possível processar o logotipo. Envie outro.',
        sent: 'Logotipo enviado. Ele aparece no site assim que for processado.',
        saved: 'Logotipo salvo',
        removed: 'Logotipo removido',
        removeFailed: 'Não foi possível remover o logotipo. Tente novamente.',
        hint: 'JPEG, PNG ou WebP, até 20 MB. Aparece no topo do site, na aba do navegador e nas prévias de links.',
      }}
      upload={async (file) => {
        const saved = await uploadAgencyLogo(upload, file)
        onSaved(saved)
        return saved.logo_upload
      }}
      remove={async () => {
        onSaved(await removeAgencyLogo(request))
      }}
    />
  )
}
