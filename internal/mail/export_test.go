package mail

// ComposeLeadNotice is composeLeadNotice, for the external tests.
var ComposeLeadNotice = composeLeadNotice
