package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/ownerrecord"
	"github.com/vitrine/vitrine/internal/store"
)

// Messages shown to people, in Brazilian Portuguese.
const (
	msgPropertyNotFound = "Imóvel não encontrado"
	msgNotFound         = "Recurso não encontrado"
	msgInvalid          = "Dados inválidos"
	msgUnauthorized     = "Não autorizado"
	msgConflict         = "Conflito com um registro existente"
	msgUnavailable      = "Serviço temporariamente indisponível"
	msgInternal         = "Erro interno do servidor"
	msgMethod           = "Método não permitido"
	msgTooLarge         = "Corpo da requisição muito grande"
	msgLeadCreated      = "Mensagem enviada com sucesso!"
	msgRateLimited      = "Muitas mensagens enviadas. Tente novamente mais tarde."
	msgAuthRateLimited  = "Muitas tentativas de acesso. Tente novamente mais tarde."
	msgBadCredentials   = "E-mail ou senha incorretos."
	msgOwnAccount       = "Você não pode remover a sua própria conta."
	msgOwnDeactivation  = "Você não pode desativar a sua própria conta."
	msgForbidden        = "Você não tem permissão para esta ação."
	msgLastAdmin        = "A imobiliária precisa de pelo menos um administrador ativo: promova outra pessoa antes."
	msgDeactivated      = "Esta conta está desativada. Fale com um administrador da imobiliária."
	msgLinkInvalid      = "Este link não vale mais: já foi usado, foi substituído por outro ou expirou. Peça um novo."
	msgMediaType        = "Tipo de conteúdo não suportado. Envie os dados em JSON (Content-Type: application/json)."
	msgFileTooLarge     = "A foto passa do tamanho máximo. Reduza o arquivo e envie de novo."
	msgHEIC             = "Fotos HEIC (o formato padrão do iPhone) não são aceitas. Envie em JPEG: no iPhone, em Ajustes › Câmera › Formatos, escolha \"Mais Compatível\", ou exporte a foto como JPEG."
	msgPhotoFormat      = "Formato de arquivo não suportado. Envie fotos em JPEG, PNG ou WebP."
	msgNoMedia          = "O envio de fotos não está disponível neste servidor."
	msgPhotoNotFound    = "Foto não encontrada"
	msgFileNotFound     = "Arquivo não encontrado" // as media.Service says it
	msgImportRunning    = "Já há uma importação em andamento. Espere ela terminar e envie o arquivo de novo."
	msgXMLType          = "Tipo de conteúdo não suportado. Envie o arquivo VRSync como XML (Content-Type: application/xml)."
	msgFileRefused      = "Arquivo recusado"
)

// errorStatus is the one table from the error vocabulary to HTTP statuses.
// The first entry that matches wins.
var errorStatus = []struct {
	err     error
	status  int
	message string
}{
	{listing.ErrInvalid, http.StatusUnprocessableEntity, msgInvalid},
	{listing.ErrNotFound, http.StatusNotFound, msgNotFound},
	{listing.ErrConflict, http.StatusConflict, msgConflict},
	{errBadCredentials, http.StatusUnauthorized, msgBadCredentials},
	{errOwnAccount, http.StatusConflict, msgOwnAccount},
	{errOwnDeactivation, http.StatusConflict, msgOwnDeactivation},
	{listing.ErrLastAdmin, http.StatusConflict, msgLastAdmin},
	{listing.ErrForbidden, http.StatusForbidden, msgForbidden},
	{listing.ErrDeactivated, http.StatusForbidden, msgDeactivated},
	{listing.ErrLinkInvalid, http.StatusGone, msgLinkInvalid},
	{listing.ErrUnauthorized, http.StatusUnauthorized, msgUnauthorized},
	{listing.ErrUnavailable, http.StatusServiceUnavailable, msgUnavailable},
	{context.DeadlineExceeded, http.StatusServiceUnavailable, msgUnavailable},
	{errTooLarge, http.StatusRequestEntityTooLarge, msgTooLarge},
	{errRateLimited, http.StatusTooManyRequests, msgRateLimited},
	{errMediaType, http.StatusUnsupportedMediaType, msgMediaType},
	{media.ErrFileTooLarge, http.StatusRequestEntityTooLarge, msgFileTooLarge},
	{media.ErrHEIC, http.StatusUnsupportedMediaType, msgHEIC},
	{media.ErrFormat, http.StatusUnsupportedMediaType, msgPhotoFormat},
	{errNoMedia, http.StatusServiceUnavailable, msgNoMedia},
	{errImportRunning, http.StatusConflict, msgImportRunning},
	{errXMLType, http.StatusUnsupportedMediaType, msgXMLType},
	{feed.ErrFileTooLarge, http.StatusRequestEntityTooLarge, msgFileRefused},
	{feed.ErrFileRefused, http.StatusUnprocessableEntity, msgFileRefused},
	{errOwnerForbidden, http.StatusForbidden, msgOwnerForbidden},
	{ownerrecord.ErrTooLarge, http.StatusRequestEntityTooLarge, msgDocumentTooLarge},
	{ownerrecord.ErrFormat, http.StatusUnsupportedMediaType, msgDocumentFormat},
	{ownerrecord.ErrNoStorage, http.StatusServiceUnavailable, msgNoDocuments},
}

var (
	errNoMedia   = errors.New("no media storage configured")
	errTooLarge  = errors.New("request body too large")
	errMediaType = errors.New("content type is not application/json")
	// errBadCredentials is a sign-in whose e-mail is unknown or whose
	// password is wrong: one answer for both, so that it does not tell
	// which e-mails have an account.
	errBadCredentials = errors.New("wrong e-mail or password")
)

// conflictMessage answers a uniqueness conflict on one field: the error,
// and the detail under the field's name.
type conflictMessage struct{ error, detail string }

// conflictMessages are the answers of a conflict on each field that has
// its own words; another field gets msgConflict and a generic detail.
var conflictMessages = map[string]conflictMessage{
	"slug":  {"Já existe um imóvel com este endereço de página", "Este endereço de página já está em uso."},
	"email": {"Já existe um usuário com este e-mail", "Este e-mail já está em uso."},
	"name":  {"Já existe um token com este nome", "Este nome já está em uso."},
	// A visit's slot another visitor booked first.
	"starts_at": {"Este horário acabou de ser reservado", "Este horário já está reservado. Escolha outro."},
}

// errorBody is every error response of the API.
type errorBody struct {
	Error   string              `json:"error"`
	Details map[string][]string `json:"details,omitempty"`
}

// writeError answers err as JSON with its status from errorStatus. A
// ErrNotFound about a property says so ("Imóvel não encontrado"), one
// about a photo of a property found, "Foto não encontrada"; a
// conflict names its field (see conflictMessages); an error outside the
// vocabulary is a 500 that is logged and not described.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	body := errorBody{Error: msgInternal}
	status := http.StatusInternalServerError
	for _, e := range errorStatus {
		if errors.Is(err, e.err) {
			status, body.Error = e.status, e.message
			break
		}
	}
	var ve *listing.ValidationError
	var ce *listing.ConflictError
	var big *media.FileTooLargeError
	var refused *feed.FileError
	switch {
	case errors.As(err, &refused):
		body.Error = refused.Message
	case errors.As(err, &big):
		body.Error = fmt.Sprintf("A foto tem mais de %d MB, o máximo. Reduza o arquivo e envie de novo.", big.Limit>>20)
	case errors.As(err, &ve):
		body.Details = ve.Fields
	case errors.Is(err, store.ErrPhotoNotFound):
		body.Error = msgPhotoNotFound // the property is there
	case errors.Is(err, store.ErrOwnerDocumentNotFound):
		body.Error = msgDocumentNotFound // the property is there
	case status == http.StatusNotFound && isPropertyRoute(r):
		body.Error = msgPropertyNotFound
	case status == http.StatusConflict && errors.As(err, &ce) && ce.Field != "":
		m, ok := conflictMessages[ce.Field]
		if !ok {
			m = conflictMessage{msgConflict, "Este valor já está em uso."}
		}
		body.Error, body.Details = m.error, map[string][]string{ce.Field: {m.detail}}
	case status == http.StatusTooManyRequests && strings.HasPrefix(r.URL.Path, "/api/admin/"):
		body.Error = msgAuthRateLimited
	case status == http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", `Bearer realm="vitrine"`)
	}
	switch {
	case status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "5")
		s.log.WarnContext(r.Context(), "dependency unavailable", "err", err, "request_id", requestID(w))
	case status >= 500:
		s.log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", requestID(w))
	}
	writeJSON(w, status, body)
}

// isPropertyRoute reports whether r addresses one property, so that a 404
// names what was not found.
func isPropertyRoute(r *http.Request) bool {
	return r.PathValue("slug") != "" || r.PathValue("id") != "" && strings.HasPrefix(r.URL.Path, "/api/admin/properties/")
}
