package seo

// PrivacyTitle starts the privacy page's title, before the site's name,
// as the client's privacy page writes it too.
const PrivacyTitle = "Política de privacidade"

// PrivacyHead is the head of the privacy policy's page (/privacidade):
// whose policy it is and what it covers, as a WebPage of the site.
func PrivacyHead(home Home) Head {
	url := home.Base + "/privacidade"
	desc := "Como " + agencyInText(home.Agency) + " trata os dados pessoais de quem entra em contato pelo site: o que guarda, por quanto tempo e como pedir acesso ou exclusão (LGPD)."
	return Head{PageTitle: Titled(PrivacyTitle, home.Agency), Title: PrivacyTitle, Description: truncate(desc, 160), URL: url,
		Brand: BrandOf(home.Agency), LD: map[string]any{"@context": vocabulary, "@type": "WebPage", "@id": url, "url": url,
			"name": PrivacyTitle, "inLanguage": "pt-BR", "isPartOf": map[string]any{"@id": home.Base + "/#site"}}}
}
