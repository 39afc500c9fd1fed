import { useAdminSession } from '../session/AdminSession'
import { removeStaffPhoto, uploadStaffPhoto, type StaffMember } from './api'
import { ImageField } from './ImageField'

/** The size the photo is shown at here, in CSS pixels: round, as the public pages show it. */
const SIZE = 64

/** "Foto": the photo the public pages of the person's listings show beside their name. */
export function BrokerPhotoField({ person, onSaved }: { person: StaffMember; onSaved: (p: StaffMember) => void }) {
  const { request, upload } = useAdminSession()
  return (
    <ImageField
      image={person.photo}
      alt={`Foto de ${person.name}`}
      imageClass="broker-photo"
      width={SIZE}
      height={SIZE}
      gone="Esta pessoa já não faz parte da equipe."
      words={{
        title: 'Foto',
        send: 'Enviar foto',
        replace: 'Trocar foto',
        remove: 'Remover foto',
        removeLabel: `Remover a foto de ${person.name}`,
        processing: 'Processando a foto…',
        failed: 'Não foi possível processar a foto. Envie outra.',
        sent: 'Foto enviada. Ela aparece no site assim que for processada.',
        saved: 'Foto salva',
        removed: 'Foto removida',
        removeFailed: 'Não foi possível remover a foto. Tente novamente.',
        hint: 'JPEG, PNG ou WebP, até 20 MB. Aparece redonda, ao lado do nome, nas páginas dos imóveis deste corretor.',
      }}
      upload={async (file) => {
        const saved = await uploadStaffPhoto(upload, person.id, file)
        onSaved(saved)
        return saved.photo
      }}
      remove={async () => {
        await removeStaffPhoto(request, person.id)
        onSaved({ ...person, photo: null })
      }}
    />
  )
}
