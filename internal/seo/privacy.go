package seo

// PrivacyTitle starts the privacy page's title, before the site's name,
// as the client's privacy page writes it too.
const PrivacyTitle = "Política de privacidade"

// PrivacyHead is the head of the privacy policy's page (/privacidade):
// whose policy it is and what it covers, as a WebPage of the site.
func PrivacyHead(home Home) Head {
	name := SiteName(home.Agency)
	url := home.Base + "/privacidade"
	desc := "Como " + oneLine(name) + " trata os dados pessoais de quem entra em contato pelo site: o que guarda, por quanto tempo e como pedir acesso ou exclusão (LGPD)."
	return Head{PageTitle: PrivacyTitle + " — " + name, Title: PrivacyTitle, Description: truncate(desc, 160), URL: url,
		SiteName: name, LD: map[string]any{"@context": vocabulary, "@type": "WebPage", "@id": url, "url": url,
			"name": PrivacyTitle, "inLanguage": "pt-BR", "isPartOf": map[string]any{"@id": home.Base + "/#site"}}}
}
