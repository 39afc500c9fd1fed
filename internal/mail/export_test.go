package mail

// ComposeLeadNotice is composeLeadNotice, for the external tests.
var ComposeLeadNotice = composeLeadNotice

// ComposeSummary is composeSummary, for the external tests.
var ComposeSummary = composeSummary
