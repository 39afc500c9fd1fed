/**
 * The API's types, generated from internal/httpapi/openapi.json by openapi-typescript.
 * Do not edit: change the document, then run `npm run gen:api`.
 */

export interface paths {
    "/api/v1/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List active properties, featured first, then newest */
        get: operations["listProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the detail of an active property */
        get: operations["getProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the detail of an active property
         * @description Second statement of the same read.
         */
        get: operations["getPropertyAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a contact message; it becomes a lead */
        post: operations["createLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenAPI"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List every property, inactive included: searched, filtered and sorted (newest first by default) */
        get: operations["adminListProperties"];
        put?: never;
        /** Create a property */
        post: operations["adminCreateProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a property, active or not */
        get: operations["adminGetProperty"];
        /** Update a property partially */
        put: operations["adminUpdateProperty"];
        post?: never;
        /** Delete a property; its leads are kept with property_id null */
        delete: operations["adminDeleteProperty"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The leads inbox: filtered, newest first, with the unread count */
        get: operations["adminListLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One lead with its timeline */
        get: operations["adminGetLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a lead's status, note or assignee (records who and when in its timeline) */
        patch: operations["adminUpdateLead"];
        trace?: never;
    };
    "/api/admin/leads.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export leads as CSV, with the inbox's filters (formula-looking cells prefixed with ') */
        get: operations["adminExportLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the agency: name, CRECI, contacts, logo */
        get: operations["getAgency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the agency's record */
        get: operations["adminGetAgency"];
        /** Replace the agency's record */
        put: operations["adminPutAgency"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/agency/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the agency's logo, shown in the public pages' header, favicon and link previews
         * @description The file is checked, stored and processed as a property photo's upload (format from its content, size, pixels before decoding, a file cut short; variants 480, 960, 1440 and 1920 pixels wide, never upscaled, JPEG and WebP, every metadata block removed); the answer comes once it is stored durably, with the logo processing. The public pages show it once its variants are made, and meanwhile what they showed before; the logo it replaces is left to the collector. Before the agency's record is set (PUT /api/admin/agency) it is a 404, and nothing is stored. A body that is not a multipart form with a "file" part is a 422 on `file`. Nothing is stored for a refused file.
         */
        put: operations["setAgencyLogo"];
        post?: never;
        /**
         * Remove the agency's uploaded logo
         * @description The pages show the address typed before (logo_url), if any, from then on; the logo's files stay a week for pages still open, then the collector removes them (unless something else shows the same image). Removing a logo when there is none changes nothing; before the agency's record is set it is a 404.
         */
        delete: operations["deleteAgencyLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password: starts a session
         * @description Limited per client address (--admin-auth-limit, shared with bad tokens) and per account (--signin-limit): the account's allowance is the e-mail's, unless the request carries the cookie of a device the user signed in from before (vitrine_device, set on success), which has an allowance of its own: a stranger spending the e-mail's attempts does not keep the owner out on their known device. A success gives its attempt back. An unknown e-mail and a wrong password get the same answer, after the same work. The body must be JSON (415 otherwise), so that a cross-site form cannot spend attempts.
         */
        post: operations["signIn"];
        /** Sign out: ends the session of the request's token */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the request's token belongs to */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live sessions: a user's own; every user's for an admin API token */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End a session at once: one's own, or anyone's with the staff permission */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The staff, by e-mail */
        get: operations["listUsers"];
        put?: never;
        /** Add a staff member */
        post: operations["addUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a staff member; their sessions end and their tokens are revoked at once */
        delete: operations["removeUser"];
        options?: never;
        head?: never;
        /** Change a staff member's role, or deactivate or reactivate them */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A staff member's live sessions */
        get: operations["listUserSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Admin API tokens, by name */
        get: operations["listTokens"];
        put?: never;
        /** Mint an admin API token */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tokens/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an admin API token; it stops working at once (the request's own too) */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/whatsapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count a visitor's click on the property's WhatsApp button
         * @description Sent by the page (navigator.sendBeacon) as the visitor leaves for WhatsApp; no body is read. A click is counted at most once per client address and property in 10 minutes, and the server counts at most 60 a minute in all: a click past either is answered 204 and not counted. The count is kept apart from the property: it changes neither the property, its `updated_at`, its ETag, nor any cached answer. It is in `vitrine_whatsapp_clicks_total` and in the admin views' `whatsapp_clicks`.
         */
        post: operations["countWhatsAppClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Available listings like a property, for the page of one off the market or removed
         * @description Up to 4 available listings (status `disponivel`) offered in a business the property is offered in, in its city, of its subtype first, nearest in price first, then featured, then newest; the page of a sold, rented or reserved listing shows them. A listing no longer shown (deactivated, or deleted: what its page's 404 still knows is its business, prices, subtype and city) answers the same, for its 404 page; a slug no listing had is a 404. Counted and cached as a search.
         */
        get: operations["similarProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A property's photos, in order, uploads still processing included */
        get: operations["adminListPhotos"];
        /** Put the photos in a new order (the first is the cover) */
        put: operations["adminReorderPhotos"];
        /**
         * Add a photo, last: upload a file (multipart) or give an external address (JSON)
         * @description An uploaded file is checked (format from its content, size, pixels before decoding, a file cut short) and stored; the answer comes once it is stored durably, with status processing. Its variants (480, 960, 1440 and 1920 pixels wide, never upscaled, JPEG and WebP, EXIF orientation applied and every metadata block removed) are made in the background; the photo becomes public when they are ready. The same file uploaded twice is processed once. Nothing is stored for a refused file. A body that is not multipart/form-data is read as the JSON object of an external photo: one that is not a JSON object is a 422 on `body`; a form without a "file" part (or sent without its boundary), a 422 on `file`.
         */
        post: operations["adminAddPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/photos/{photo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a photo
         * @description The files of an uploaded photo stay while another photo shows the same image, and a week after the last one went (pages and portal feeds may still point at them); then the collector removes them.
         */
        delete: operations["adminDeletePhoto"];
        options?: never;
        head?: never;
        /** Describe a photo (its alt text) */
        patch: operations["adminSetPhotoAlt"];
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the active properties, with facets
         * @description One page of the active properties that match every filter, in the order asked, with the facets: each counts the properties matching every filter but its own group's. An unknown parameter, a single-valued one given twice, a value of the wrong form, an inverted range, a neighborhood without a city, or a subtype, city, neighborhood or amenity that does not exist is a 422 whose `details` are keyed by the parameter. An empty value counts as an absent parameter. A catalogue write shows in the next search.
         */
        get: operations["searchProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Suggest cities and neighborhoods for the search box
         * @description Cities and neighborhoods with active properties whose name has, for each word of `q`, a word starting with it (case and accents aside); at most 8, most properties first, then by label. Any other parameter, or `q` given twice, is a 422.
         */
        get: operations["searchPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/privacy-notice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the privacy notice the contact form shows, and its version */
        get: operations["getPrivacyNotice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/privacy-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the agency's privacy policy (/privacidade) */
        get: operations["getPrivacyPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the privacy policy, with who set it and the default text */
        get: operations["adminGetPrivacyPolicy"];
        /** Replace the privacy policy's text (records who and when) */
        put: operations["adminPutPrivacyPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Everything held about an e-mail: its leads with their consent evidence, the notices shown, earlier anonymisations */
        post: operations["adminPrivacyLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The lookup as a JSON file to download (Content-Disposition: attachment) */
        post: operations["adminPrivacyExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy/anonymize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Anonymise every lead sent with an e-mail: personal fields emptied, pending webhook deliveries cancelled, the erasure recorded (the e-mail as its keyed hash) */
        post: operations["adminPrivacyAnonymize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest anonymisations, by request and by the retention job */
        get: operations["adminListErasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The e-mail outbox: whether e-mail is configured, counts by state, the latest e-mails
         * @description Every e-mail the service sends (for now the notice of each new lead to the agency) is written to an outbox in the transaction of what causes it and sent from there: pending (waiting, or being retried with backoff), sent, failed (given up, with the reason), cancelled (its lead was anonymised before it went out). configured is false when no SMTP server is set (--smtp-url): notices then wait, and are given up after seven days.
         */
        get: operations["adminMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/feeds/vrsync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the portals' feed address
         * @description The address of the VRSync feed that ZAP Imóveis, VivaReal and OLX read; the first read makes it.
         */
        get: operations["adminGetPortalFeed"];
        put?: never;
        /**
         * Make a new portals' feed address
         * @description Replaces the secret in the feed's address: the old address answers 404 at once, so the portal must be given the new one. No body.
         */
        post: operations["adminRotatePortalFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/imports/vrsync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a VRSync file: create or update properties by ListingID
         * @description The body is a VRSync file (the portals' format, as other vendors write it), at most 100 MB. It is read whole and checked before anything is written or answered: a file refused (not XML, another format, a DOCTYPE, cut short, duplicate or missing ListingIDs, too many listings) is a 422 and over 100 MB a 413, with the reason in `error`. Then each listing is applied in a transaction of its own, and the answer streams one `ImportResult` line per listing as it is done, then one `ImportEnd` line (`application/x-ndjson`). One import runs at a time (409). See docs/api.md, "Importing a VRSync file".
         */
        post: operations["adminImportVRSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change one's own password, given the current one
         * @description The user's other sessions end and the admin API tokens they own are revoked; this session stays. A wrong current password is a 422 on current_password.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a staff member's broker profile (CRECI, phone, WhatsApp) */
        put: operations["setBrokerProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a staff member's photo, shown on the pages of the listings they are the broker of
         * @description One's own, or anyone's with the `staff` permission (another's is a 404 without it), as the broker profile. The file is checked, stored and processed as a property photo's upload (format from its content, size, pixels before decoding, a file cut short; variants 480, 960, 1440 and 1920 pixels wide, never upscaled, JPEG and WebP, every metadata block removed); the answer comes once it is stored durably, with the photo processing. The public pages show it once its variants are made, and none meanwhile; the photo it replaces is left to the collector. A body that is not a multipart form with a "file" part is a 422 on `file`. Nothing is stored for a refused file.
         */
        put: operations["setUserPhoto"];
        post?: never;
        /**
         * Remove a staff member's photo
         * @description As the photo's upload allows it. The pages of the user's listings show no photo from then on; its files stay a week for pages still open, then the collector removes them (unless a property photo shows the same image). Removing a user who has none changes nothing.
         */
        delete: operations["deleteUserPhoto"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pending invitations, newest first */
        get: operations["listInvitations"];
        put?: never;
        /** Invite a staff member by e-mail, name and role: an e-mail with a single-use link valid 72 h */
        post: operations["invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending invitation: its link dies */
        delete: operations["cancelInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an invitation again with a new link; the old link dies */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/account/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link (1 h), sent when the e-mail is an active account's
         * @description The same 202 and body whether the e-mail is an account's or not. Limited per client address (--admin-auth-limit) and per e-mail (3 an hour, shared by every instance).
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/account/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whom an invitation's or reset's link is for, without using it */
        post: operations["accountLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/account/accept-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: the new user with the password chosen, signed in */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/account/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password from a reset link: the user's sessions and tokens end, and a new session starts */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/portals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the portals' page
         * @description What the VRSync feed carries now: how many properties are marked to publish and how many go, which are held back and why (feed.Check, and what the agency lacks), and when each portal's crawler last read the feed.
         */
        get: operations["adminGetPortals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scheduled backups: the schedule, the latest success and the latest runs
         * @description serve takes a backup of the database (SQLite) and the media files every period of --backup-every into --backup-to, keeping --backup-keep snapshots; with several instances on one PostgreSQL database one of them takes each period's. On PostgreSQL the backups hold the media only (database is "postgres"): the database is backed up with PostgreSQL's own tools. See docs/backup.md.
         */
        get: operations["adminBackups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/portal-leads/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a lead from ZAP Imóveis, VivaReal or OLX
         * @description Grupo OLX's lead integration ("Integração Leads"): one POST per lead, at the secret address the back office shows (`GET /api/admin/portal-leads/address`). The lead is stored, assigned, notified and sent to the webhook as a site lead is (see docs/api.md, portal leads). A 2xx is sent only once the lead is committed: 201 when this request stored it, 200 for a retry of a lead already stored (same `originLeadId`). The content type is not checked. No rate limit applies.
         */
        post: operations["receivePortalLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/portal-leads/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the portal leads' address
         * @description The address to give Grupo OLX (Canal Pro's lead integration) for ZAP Imóveis, VivaReal and OLX to post their leads to (`POST /api/v1/portal-leads/{secret}`); the first read makes it.
         */
        get: operations["adminGetPortalLeadAddress"];
        put?: never;
        /**
         * Make a new portal leads' address
         * @description Replaces the secret in the portal leads' address: the old address answers 404 at once, so Grupo OLX must be given the new one. No body.
         */
        post: operations["adminRotatePortalLeadAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count a visitor's share of the property
         * @description Sent by the page's share buttons (WhatsApp, copy-link, and the phone's share sheet through the Web Share API) as the visitor shares; the shared link carries `utm_source=compartilhar&utm_medium=<channel>&utm_campaign=imovel`. Nothing about the visitor is kept. A client address counts at most 3 shares per property in 10 minutes, and the server at most 60 a minute in all: a share past either is answered 204 and not counted. Like the WhatsApp clicks, the count changes neither the property, its `updated_at`, its ETag, nor any cached answer. It is in `vitrine_shares_total` (by channel) and in the admin views' `shares`.
         */
        post: operations["countShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The owner's record of a listing (captação), with its documents
         * @description Back office only; never in a public answer, feed, sitemap or log. A listing without one answers an empty record (updated_at null). Only the listing's broker and administradores: a corretor who is not its broker gets the 404 of row scoping, anyone else (an assistente) a 403.
         */
        get: operations["adminGetOwner"];
        /**
         * Replace the owner's record of a listing
         * @description The whole record: a field left out is cleared. The answer's read-only fields (updated_at, updated_by, anonymized_at, documents, max_document_bytes) may be sent back and are ignored. Only the listing's broker and administradores: a corretor who is not its broker gets the 404 of row scoping, anyone else (an assistente) a 403.
         */
        put: operations["adminPutOwner"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/owner/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document of the owner's record
         * @description One PDF, JPEG, PNG or WebP file, told by its content (never its name), at most 20 MB, in the "file" part of a multipart form; its part's filename is kept, made safe (base name only, no control or special characters, the extension of its real format). Stored privately: never under /media/, served only by the download route. At most 50 documents a listing (422). Only the listing's broker and administradores: a corretor who is not its broker gets the 404 of row scoping, anyone else (an assistente) a 403.
         */
        post: operations["adminAddOwnerDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/owner/documents/{doc}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document of the owner's record
         * @description The file as uploaded, as an attachment (Content-Disposition), with its content type, nosniff, a sandboxing Content-Security-Policy and Cache-Control private, no-store. Range and conditional requests are answered. Only the listing's broker and administradores: a corretor who is not its broker gets the 404 of row scoping, anyone else (an assistente) a 403.
         */
        get: operations["adminDownloadOwnerDocument"];
        put?: never;
        post?: never;
        /**
         * Delete a document of the owner's record, its file included
         * @description The row, then the file. Only the listing's broker and administradores: a corretor who is not its broker gets the 404 of row scoping, anyone else (an assistente) a 403.
         */
        delete: operations["adminDeleteOwnerDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/properties/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a listing into a new inactive draft ("Duplicar imóvel")
         * @description Every field is copied but the title (" (cópia)" added), the slug ("-copia", then "-copia-2"…: the first free) and the code (left empty: imports and the portals tell units apart by it); the copy is inactive. Its photos are new rows showing the same stored images: photos are content-addressed, so no file is copied, and deleting either listing leaves the other's photos. The owner's record, counters and leads are not copied. A corretor copies only their own listings (404 otherwise).
         */
        post: operations["adminDuplicateProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/visit-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The free slots to visit a listing over the next 14 days
         * @description The slots of the listing's broker, grouped by date in the agency's time zone (America/Sao_Paulo, with its daylight-saving history): the broker's weekly hours and exceptions, less the booked visits and the slots that have started. No day at all when the listing has no broker or the broker set no hours: the page then offers no booking. Not cached.
         */
        get: operations["visitSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/properties/{slug}/visits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a visit to a listing; it becomes a lead of kind visita
         * @description starts_at must be one of the free slots GET visit-slots offers (422 on starts_at otherwise). The lead is assigned to the listing's broker; the visitor and the broker are each e-mailed an invitation (.ics). Limited as the contact form is, per client and listing and per client.
         */
        post: operations["bookVisit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/visits/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The visit a visitor's link opens
         * @description The token is the fragment of the link of the visit's e-mails (/visitas#vst_…), sent in the body so that it never appears in an address, a log or a Referer.
         */
        post: operations["visitLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/visits/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the visit of a visitor's link
         * @description The slot is free again; the visitor and the broker are e-mailed the cancellation (METHOD:CANCEL, same UID, SEQUENCE raised).
         */
        post: operations["cancelVisit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/visits/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the visit of a visitor's link to another free slot
         * @description starts_at must be one of the slots the lookup offers; the rules of a booking apply (409 when another visitor took it). The visitor and the broker are e-mailed the new time (same UID, SEQUENCE raised).
         */
        post: operations["rescheduleVisit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/visit-hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A broker's hours for visits
         * @description One's own, or anyone's for a caller who manages the staff; another's is a 404 for the rest. Exceptions are listed from today on.
         */
        get: operations["getVisitHours"];
        /**
         * Replace a broker's hours for visits
         * @description The whole week and the exceptions at once (what is left out is removed). Intervals of a day may not overlap and hold at least one slot (60 minutes); exceptions are dates from today on, each once, at most 60; an exception with no interval blocks its date. Visits booked before stay.
         */
        put: operations["putVisitHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a search to be told of new listings by e-mail
         * @description The results page's "Avise-me de novos imóveis". `query` is the search's parameters as the results page's address writes them (`GET /api/v1/search`'s, checked the same way; its order and page are dropped). The search waits for its confirmation: an e-mail to `email` links to `/alertas/confirmar?token=…` (double opt-in), and nothing else is sent until it is confirmed; unconfirmed, it is deleted after 7 days. The consent evidence is kept as the contact form's: the notice version shown, the time, and a keyed hash of the client's address. The answer is 202 whether or not a search was stored: the same query again for the e-mail, or past its 10 searches, stores nothing and sends nothing, so the answer never tells whether an e-mail has searches. A client address saves at most 5 searches an hour; only a valid request spends the allowance.
         */
        post: operations["createSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a saved search with its e-mail's token
         * @description Posted by the page `/alertas/confirmar?token=…` that the confirmation e-mail links to, when the visitor presses its button: a link scanner that opens the link confirms nothing. A pending search becomes active; an active or unsubscribed one stays as it is. A client address makes at most 30 requests a minute with links' tokens (429 past them).
         */
        post: operations["confirmSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The searches of the e-mail a token was sent to
         * @description The management page `/alertas/gerenciar?token=…`, linked from every e-mail: the e-mail and its searches pending or active, oldest first. A client address makes at most 30 requests a minute with links' tokens (429 past them).
         */
        post: operations["manageSavedSearches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches/frequency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change how often a search's alerts are sent
         * @description One of the token's e-mail's searches (`id`; without it, the one the token was sent about): `imediato` or `diario` (once a day, from 8:00 in the agency's time zone). A client address makes at most 30 requests a minute with links' tokens (429 past them).
         */
        post: operations["setSavedSearchFrequency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a saved search
         * @description One of the token's e-mail's searches (`id`; without it, the one the token was sent about), with what was recorded of its alerts. A client address makes at most 30 requests a minute with links' tokens (429 past them).
         */
        post: operations["deleteSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-searches/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The one-click address opened in a browser
         * @description A GET changes nothing (RFC 8058: a link scanner must not unsubscribe): it sends the visitor to the management page, where unsubscribing is one button.
         */
        get: operations["savedSearchUnsubscribePage"];
        put?: never;
        /**
         * One-click unsubscription (RFC 8058)
         * @description The address of every alert's `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: a POST of `List-Unsubscribe=One-Click` (form-encoded or multipart, as mail clients send it; the management page sends it as JSON) stops that search's alerts with no other step. Unsubscribing twice is not an error. A client address makes at most 30 requests a minute with links' tokens (429 past them).
         */
        post: operations["unsubscribeSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/saved-searches/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many saved searches there are and how many alert e-mails went out
         * @description Saved searches by state (active: confirmed and alerted; pending: waiting for their confirmation, deleted after 7 days; unsubscribed), and the alert e-mails the SMTP server accepted.
         */
        get: operations["adminSavedSearchStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/favorites/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a visitor their favourites
         * @description "Enviar minha lista por e-mail" on `/favoritos`: the favourites the browser keeps (`slugs`, in its order; those no longer published are left out) go to `email` in one e-mail, under the privacy notice the form showed; the consent evidence is kept as the contact form's. Nothing else is sent because of it, and the request is deleted after 30 days (or with the address's anonymisation). The answer is 202 whether or not an e-mail goes out: an address gets at most 3 a day. A client address asks for at most 3 an hour; only a valid request spends the allowance.
         */
        post: operations["sendFavorites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: string;
            /** @description Per-field messages, when the error is about fields. */
            details?: {
                [key: string]: string[];
            };
        };
        ValidationError: {
            /** @constant */
            error: "Dados inválidos";
            details: {
                [key: string]: string[];
            };
        };
        Ref: {
            id: number;
            name: string;
            slug: string;
        };
        City: {
            id: number;
            name: string;
            slug: string;
            /**
             * @description Two-letter code of the Brazilian federative unit (UF).
             * @enum {string}
             */
            state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
        };
        /** @description A photo: an external address as typed, or a photo uploaded to Vitrine, whose url is its largest JPEG variant (absolute, under /media/). An uploaded photo appears once its variants are made; until then it is left out and the others are numbered without it. */
        Photo: {
            /** Format: uri */
            url: string;
            alt_text: string;
            display_order: number;
            /** @description Width in pixels of the image at url: known for an uploaded photo, null for an external address. */
            width: number | null;
            /** @description Height in pixels of the image at url; null for an external address. */
            height: number | null;
            /** @description The variants of an uploaded photo, for the srcset attribute; null for an external address. */
            srcset: components["schemas"]["Srcset"] | null;
        };
        Amenity: {
            id: number;
            name: string;
            slug: string;
            /** @enum {string} */
            group: "caracteristica" | "lazer";
        };
        /** @description Spec 2.1's fields first, in order, then the listing model's. The complement is never public. */
        PropertyDetail: {
            /** Format: uuid */
            id: string;
            title: string;
            slug: string;
            code: string | null;
            description: string | null;
            /** @description The free-text address when address_visibility is all; the street when it is street; null when it is neighborhood. */
            address: string | null;
            /** @example 450000.00 */
            price: string;
            /** @example 850.50 */
            condo_fee: string | null;
            /** @description The business. Canonical values: `venda` (portal term For Sale), `aluguel` (For Rent, monthly), `venda_aluguel` (Sale/Rent). A property stored before the values were enumerated may hold another text, kept as it was. */
            type: string;
            bedrooms: number;
            bathrooms: number;
            parking_spots: number;
            area_m2: number;
            is_featured: boolean;
            subtype: components["schemas"]["Ref"];
            city: components["schemas"]["City"];
            neighborhood: components["schemas"]["Ref"];
            photos: components["schemas"]["Photo"][];
            amenities: components["schemas"]["Amenity"][];
            video_url: string | null;
            /**
             * @default section
             * @enum {string}
             */
            video_position: "carousel" | "section";
            /**
             * @description Monthly rent; null unless the business includes rent. For `aluguel` it equals price.
             * @example 3500.00
             */
            rent_price: string | null;
            /**
             * @description IPTU (property tax) amount for iptu_period; null when not filled in.
             * @example 3500.00
             */
            iptu: string | null;
            /**
             * @description The period of iptu.
             * @enum {string|null}
             */
            iptu_period: "yearly" | "monthly" | null;
            /** @enum {string} */
            status: "disponivel" | "reservado" | "vendido" | "alugado";
            /** @description Bedrooms with their own bathroom (at most bedrooms). */
            suites: number;
            /** @description Área útil (built), m²; may exceed total_area_m2 when that is the lot's. */
            useful_area_m2: number | null;
            /** @description Área total (or the lot's), m². */
            total_area_m2: number | null;
            /** @description Floor of the unit: 0 is the ground floor (térreo), negative a basement. */
            floor: number | null;
            year_built: number | null;
            /**
             * @description How much of the address the public sees: all (street, number, CEP, address, coordinates), street (street and CEP; address is the street), neighborhood (neither).
             * @enum {string}
             */
            address_visibility: "all" | "street" | "neighborhood";
            /**
             * @description Null unless address_visibility is all or street.
             * @example 88010-400
             */
            cep: string | null;
            /** @description Null unless address_visibility is all or street. */
            street: string | null;
            /** @description Null unless address_visibility is all. */
            number: string | null;
            /** @description Null unless address_visibility is all. */
            latitude: number | null;
            /** @description Null unless address_visibility is all. */
            longitude: number | null;
            /** @description Where the map shows the property; null when it has no coordinates (no map). */
            location: components["schemas"]["Location"] | null;
            /** @description The listing's responsible broker; null when it has none (the page shows the agency's contact). Added after the spec's fields and the listing model's. */
            broker: components["schemas"]["Broker"] | null;
            /**
             * @description The period rent_price is for (monthly for a rent written without one); null without a rent.
             * @enum {string|null}
             */
            rent_period: "daily" | "weekly" | "monthly" | "quarterly" | "yearly" | null;
        };
        PropertyAdmin: components["schemas"]["PropertyDetail"] & {
            is_active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            complement: string | null;
            created_by: components["schemas"]["Actor"];
            updated_by: components["schemas"]["Actor"];
            /** @description Visitors who went to WhatsApp from the property's page, counted as `POST /api/v1/properties/{slug}/whatsapp` says. */
            whatsapp_clicks: number;
            /** @description Shares from the property's page, counted as `POST /api/v1/properties/{slug}/share` says. */
            shares: number;
            /** @description Staff's choice to send the property to the portals' feed (false for a new property). */
            publish_to_portals: boolean;
            /** @description What keeps the property from the portals' feed; empty when it is ready ("Pronto para os portais"). The feed lists a property when it is active, publish_to_portals is true and this is empty. */
            portal_problems: components["schemas"]["PortalProblem"][];
            /** @description The responsible broker's user id; null when none. */
            broker_id: number | null;
        };
        PropertySummary: {
            /** Format: uuid */
            id: string;
            title: string;
            slug: string;
            /** @description The agency's code of the property (AP-0042); null when none. A text search finds a property by its code however it is typed (cwb501 for CWB-501). */
            code: string | null;
            /** @example 450000.00 */
            price: string;
            /** @example 850.50 */
            condo_fee: string | null;
            /** @description The business. Canonical values: `venda` (portal term For Sale), `aluguel` (For Rent, monthly), `venda_aluguel` (Sale/Rent). A property stored before the values were enumerated may hold another text, kept as it was. */
            type: string;
            bedrooms: number;
            bathrooms: number;
            parking_spots: number;
            area_m2: number;
            is_featured: boolean;
            city: components["schemas"]["City"];
            neighborhood: components["schemas"]["Ref"];
            subtype: components["schemas"]["Ref"];
            cover: components["schemas"]["Photo"] | null;
            /**
             * @description Monthly rent; null unless the business includes rent. For `aluguel` it equals price.
             * @example 3500.00
             */
            rent_price: string | null;
            /** @enum {string} */
            status: "disponivel" | "reservado" | "vendido" | "alugado";
            /** @description Where the map shows the property; null when it has no coordinates (no map). */
            location: components["schemas"]["Location"] | null;
            /**
             * @description The period rent_price is for (monthly for a rent written without one); null without a rent.
             * @enum {string|null}
             */
            rent_period: "daily" | "weekly" | "monthly" | "quarterly" | "yearly" | null;
        };
        PropertyAdminSummary: components["schemas"]["PropertySummary"] & {
            is_active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            video_url: string | null;
            /**
             * @default section
             * @enum {string}
             */
            video_position: "carousel" | "section";
            updated_by: components["schemas"]["Actor"];
            /** @description The property's leads. */
            lead_count: number;
            /** @description Its leads still new (status `novo`). */
            unread_leads: number;
            /** @description Visitors who went to WhatsApp from the property's page, counted as `POST /api/v1/properties/{slug}/whatsapp` says. */
            whatsapp_clicks: number;
            /** @description Shares from the property's page, counted as `POST /api/v1/properties/{slug}/share` says. */
            shares: number;
            /** @description Staff's choice to send the property to the portals' feed; its readiness is in the property's own read (portal_problems). */
            publish_to_portals: boolean;
        };
        PropertyPage: {
            items: components["schemas"]["PropertySummary"][];
            total: number;
            /** @description null on a page asked for by cursor */
            page: number | null;
            per_page: number;
            /** @description the cursor of the next page; null on the last page */
            next_cursor: string | null;
        };
        PropertyAdminPage: {
            items: components["schemas"]["PropertyAdminSummary"][];
            total: number;
            /** @description null on a page asked for by cursor */
            page: number | null;
            per_page: number;
            /** @description the cursor of the next page; null on the last page */
            next_cursor: string | null;
        };
        /** @description Every field optional on update (omitted = unchanged); see PropertyCreate for the fields a creation requires. Unknown fields are a 422. id, created_at, updated_at, created_by, updated_by, whatsapp_clicks, portal_problems and broker are accepted and ignored. Reference data is given by name and found or created by its slug; a name must have a Latin letter or digit. */
        PropertyWrite: {
            title?: string;
            /** @description Made from the title when omitted on creation. */
            slug?: string;
            code?: string | null;
            description?: string | null;
            address?: string | null;
            /** @description Decimal with at most two fraction digits, as a string ("450000.00") or a number; at most 99999999999.99. */
            price?: string | number;
            /** @description Like price; null or "" removes it. */
            condo_fee?: string | number | null;
            /**
             * @description The business: venda (For Sale), aluguel (For Rent), venda_aluguel (Sale/Rent). Any other value is a 422, except the text a property already holds from before the values were enumerated, which is accepted unchanged.
             * @enum {string}
             */
            type?: "venda" | "aluguel" | "venda_aluguel";
            bedrooms?: number;
            bathrooms?: number;
            parking_spots?: number;
            area_m2?: number;
            is_featured?: boolean;
            is_active?: boolean;
            subtype?: {
                name: string;
                /** @description Accepted and ignored (a property read can be sent back). */
                id?: unknown;
                /** @description Accepted and ignored: the slug is made from the name. */
                slug?: unknown;
            };
            city?: {
                name: string;
                /** @description A UF code, one of the 27 federative units, in any case and with surrounding spaces allowed ("sc", " SC "); stored trimmed and in upper case. */
                state: string;
                /** @description Accepted and ignored (a property read can be sent back). */
                id?: unknown;
                /** @description Accepted and ignored: the slug is made from the name. */
                slug?: unknown;
            };
            /** @description Belongs to the property's city; required when city changes. */
            neighborhood?: {
                name: string;
                /** @description Accepted and ignored (a property read can be sent back). */
                id?: unknown;
                /** @description Accepted and ignored: the slug is made from the name. */
                slug?: unknown;
            };
            /** @description Replaces the photos; order gives display_order. Leave it out to keep them (the back office manages photos through /photos). */
            photos?: {
                /**
                 * Format: uri
                 * @description Absolute http(s) address with a host and no credentials.
                 */
                url?: string;
                alt_text?: string | null;
                /** @description Accepted and ignored: the order of the list gives it. */
                display_order?: unknown;
                /** @description A photo of this property (see the photos routes); another id is a 422. */
                id?: string;
                /** @description Accepted and ignored (read-only). */
                width?: unknown;
                /** @description Accepted and ignored (read-only). */
                height?: unknown;
                /** @description Accepted and ignored (read-only). */
                srcset?: unknown;
            }[];
            /** @description Replaces the amenities. */
            amenities?: {
                name: string;
                /** @enum {string} */
                group: "caracteristica" | "lazer";
                /** @description Accepted and ignored. */
                id?: unknown;
                /** @description Accepted and ignored: the slug is made from the name. */
                slug?: unknown;
            }[];
            /** @description Trimmed; "" or null removes the video; omitted leaves it unchanged. */
            video_url?: string | null;
            /** @enum {string} */
            video_position?: "carousel" | "section";
            /** @description Accepted and ignored. */
            id?: unknown;
            /** @description Accepted and ignored. */
            created_at?: unknown;
            /** @description Accepted and ignored. */
            updated_at?: unknown;
            /** @description Monthly rent, like price; required when type is aluguel or venda_aluguel, refused when it is venda. For aluguel, price and rent_price are one amount: setting either sets both. null or "" removes it. */
            rent_price?: string | number | null;
            /** @description IPTU amount, like price; needs iptu_period. null or "" removes it. */
            iptu?: string | number | null;
            /** @description yearly or monthly; null or "" removes it. */
            iptu_period?: ("yearly" | "monthly" | "") | null;
            /** @description Eight digits, with or without the hyphen; stored as 8 digits, shown as 00000-000. null or "" removes it. */
            cep?: string | null;
            street?: string | null;
            /** @description Text ("s/n", "120-A"). */
            number?: string | null;
            /** @description Never public. */
            complement?: string | null;
            /**
             * @default all
             * @enum {string}
             */
            address_visibility?: "all" | "street" | "neighborhood";
            /** @description Given with longitude, or both null. */
            latitude?: number | null;
            /** @description Given with latitude, or both null. */
            longitude?: number | null;
            /** @description At most bedrooms. */
            suites?: number;
            /** @description Área útil (built), m²; may exceed total_area_m2 when that is the lot's. */
            useful_area_m2?: number | null;
            total_area_m2?: number | null;
            /** @description 0 is the ground floor, negative a basement. */
            floor?: number | null;
            /** @description At most five years after the current one. */
            year_built?: number | null;
            /**
             * @description vendido needs a business with sale, alugado one with rent.
             * @default disponivel
             * @enum {string}
             */
            status?: "disponivel" | "reservado" | "vendido" | "alugado";
            /** @description Read-only: accepted and ignored. */
            created_by?: unknown;
            /** @description Read-only: accepted and ignored. */
            updated_by?: unknown;
            /** @description Read-only: accepted and ignored. */
            whatsapp_clicks?: unknown;
            /** @description Send the property to the portals' feed (it goes when it is also active and meets the portals' rules). */
            publish_to_portals?: boolean;
            /** @description Read-only: accepted and ignored. */
            portal_problems?: unknown;
            /** @description The responsible broker: a staff member's user id (422 on `broker_id` when no user has it); null removes the broker. */
            broker_id?: number | null;
            /** @description Read-only (the admin view's): accepted and ignored. */
            broker?: unknown;
            /** @description Read-only (the map's location, made from the coordinates and address_visibility): accepted and ignored. */
            location?: unknown;
            /** @description The period rent_price is for: daily or weekly for a season rental; monthly when absent, empty or null. */
            rent_period?: ("daily" | "weekly" | "monthly" | "quarterly" | "yearly" | "") | null;
            /** @description Read-only: accepted and ignored. */
            shares?: unknown;
        };
        /** @description Lengths are counted in characters after trimming surrounding white space. Unknown fields are ignored. notice_version and marketing_consent are optional: a body without them is stored as before, with no consent. */
        LeadInput: {
            /** @description At least 2 characters after trimming. */
            name: string;
            /**
             * Format: email
             * @description One address (local@domain), no display name, a domain with a dot that is a DNS host name (letters, digits and hyphens per label; internationalised names as typed or in punycode).
             */
            email: string;
            phone?: string | null;
            /** @description At least 10 characters after trimming. */
            message: string;
            /** @description The version of the privacy notice the form showed (GET /api/v1/privacy-notice). Optional; required when marketing_consent is true. An unknown version is a 422 on notice_version. */
            notice_version?: string | null;
            /**
             * @description The visitor ticked the marketing checkbox (news and offers by e-mail, phone or WhatsApp), separate from the enquiry. Optional; false when absent or null.
             * @default false
             */
            marketing_consent?: boolean | null;
        };
        LeadCreated: {
            id: number;
            /** @constant */
            message: "Mensagem enviada com sucesso!";
        };
        Lead: {
            id: number;
            property_id: string | null;
            property_slug: string | null;
            property_title: string | null;
            name: string;
            /** @description Null once the lead is anonymised. */
            email: string | null;
            phone: string | null;
            message: string;
            /** Format: date-time */
            created_at: string;
            /** @enum {string|null} */
            delivery_status: "pending" | "delivered" | "failed" | "cancelled" | null;
            delivery_attempts: number;
            delivery_error: string | null;
            /** @enum {string} */
            status: "novo" | "em_atendimento" | "concluido" | "descartado";
            /** @description The staff's note. */
            note: string | null;
            /**
             * Format: date-time
             * @description When staff last changed the status or the note; null until then.
             */
            updated_at: string | null;
            updated_by: components["schemas"]["Actor"];
            /** @description The visitor agreed to receive news and offers. */
            marketing_consent: boolean;
            /** @description The privacy notice the form showed; null when it showed none. */
            notice_version: string | null;
            /**
             * Format: date-time
             * @description When the lead's personal fields were emptied (LGPD); null while they are kept.
             */
            anonymized_at: string | null;
            /** @description The staff member the lead is assigned to (see docs/api.md, the leads inbox: the listing's broker, else the rotation); null while nobody is. */
            assigned_to: components["schemas"]["Assignee"] | null;
            /** @description What the portal said of a lead it delivered; null for a lead of the site. */
            portal: components["schemas"]["LeadPortal"] | null;
            /**
             * @description visita: a visit booked on the property page (see visit).
             * @enum {string}
             */
            kind: "mensagem" | "visita";
            /** @description The slot a visit lead booked; null for a message. */
            visit: components["schemas"]["LeadVisit"] | null;
        };
        LeadPage: {
            items: components["schemas"]["Lead"][];
            total: number;
            /** @description null on a page asked for by cursor */
            page: number | null;
            per_page: number;
            /** @description the cursor of the next page; null on the last page */
            next_cursor: string | null;
            /** @description Every lead still new (status `novo`), whatever the filters: the inbox's badge. */
            unread: number;
        };
        /** @description A new property: PropertyWrite with title, price, type, subtype, city and neighborhood required (price may be left out of a rental that gives rent_price). */
        PropertyCreate: components["schemas"]["PropertyWrite"] & (unknown | {
            /** @constant */
            type?: "aluguel";
        });
        /** @description The agency, as every page shows it. Every field is null until it is first set. */
        Agency: {
            name: string | null;
            /**
             * @description With its council's state; a registration saved before the state was kept reads "12345-J" until the agency is saved again.
             * @example CRECI/SC 12345-J
             */
            creci: string | null;
            /**
             * @description As advertising must show it (COFECI resolution 1.065/2007).
             * @example CRECI/SC 12345-J
             */
            creci_display: string | null;
            /**
             * @description The federative unit of the agency's office.
             * @example SC
             */
            state: string | null;
            /** @description E.164. */
            phone: string | null;
            /** @description E.164; https://wa.me/ takes it without the +. */
            whatsapp: string | null;
            email: string | null;
            address: string | null;
            /** @description The logo as the pages show it: the uploaded logo's largest JPEG variant once it is made, else the address typed before logos were uploaded (kept for the clients that read it); null when neither. In the administrator's read (AgencyAdmin) it is the address typed, so that a read sent back keeps it. */
            logo_url: string | null;
            /** @description Where data subjects send their requests (LGPD); null: the agency's email. */
            privacy_email: string | null;
            /** @description The uploaded logo in the form the header shows it (the smallest JPEG variant with its size, and the srcset of every variant); null when none was uploaded, and while its variants are being made. */
            logo: components["schemas"]["BrokerPhoto"] | null;
            /**
             * @description The colour of the public pages' links and buttons; null for the site's default.
             * @example #0b5cad
             */
            brand_color: string | null;
            /**
             * @description The yearly effective interest rate, in percent, that the financing simulator of sale listings starts from: the agency's, or 11.5 while it set none.
             * @example 11.5
             */
            financing_rate: number;
        };
        AgencyAdmin: components["schemas"]["Agency"] & {
            /**
             * Format: date-time
             * @description Null until first set.
             */
            updated_at: string | null;
            updated_by: components["schemas"]["Actor"];
            /** @description Each lead's notice, sent to the lead's broker, also goes to email as a copy. */
            notice_copy: boolean;
            /** @description Each morning (8 h, São Paulo), each broker gets the list of their leads still "novo" a day after they came, and each administrador the unassigned ones. */
            daily_summary: boolean;
            /** @description Where the uploaded logo's processing is (its status, why it failed, its address once ready); null when none was uploaded. */
            logo_upload: components["schemas"]["UserPhoto"] | null;
        };
        /** @description The whole record: an optional field omitted or null is cleared. creci_display, updated_at and updated_by are accepted and ignored (a read can be sent back). */
        AgencyWrite: {
            name: string;
            /** @description The company's registration as agencies write it: the number, the letter J (optional) and the council's state (optional), in any order, with "CRECI" in front or not ("CRECI/SC 4321", "CRECI 4321-J", "4321 J"). Without a state written, it is the agency's state's. Stored as "CRECI/SC 4321-J"; unreadable, or without a state either way: 422. */
            creci: string;
            /** @description The federative unit of the agency's office ("SC", any case); omitted or null clears it. */
            state?: string | null;
            /** @description With the area code ((48) 3333-4444) or international (+5548...); stored in E.164. */
            phone?: string | null;
            /** @description Like phone. */
            whatsapp?: string | null;
            email?: string | null;
            address?: string | null;
            /** @description An absolute http(s) address, shown while no logo is uploaded (PUT /api/admin/agency/logo); kept for the clients that set it before logos were uploaded. */
            logo_url?: string | null;
            /** @description Accepted and ignored. */
            creci_display?: unknown;
            /** @description Accepted and ignored. */
            updated_at?: unknown;
            /** @description Accepted and ignored. */
            updated_by?: unknown;
            /** @description Where data subjects send their requests; omitted or null: the agency's email does. */
            privacy_email?: string | null;
            /** @description Send a copy of each lead's notice to email; omitted: false. */
            notice_copy?: boolean;
            /** @description Send the daily summary of the leads nobody answered; omitted: false. */
            daily_summary?: boolean;
            /** @description Accepted and ignored (the logo is uploaded on its own). */
            logo?: unknown;
            /** @description Accepted and ignored. */
            logo_upload?: unknown;
            /** @description "#rrggbb" (read in any case, stored in lower case), dark enough for white text on it (a contrast of at least 4.5:1 with white, WCAG AA), else a 422; omitted or null: the site's default. */
            brand_color?: string | null;
            /** @description The simulator's yearly effective rate in percent, at most two decimals (11.5), else a 422; omitted or null: the default, 11.5. */
            financing_rate?: number | null;
        };
        User: {
            id: number;
            /** @description Normalised: trimmed, lower case. */
            email: string;
            name: string;
            /**
             * Format: date-time
             * @description In the staff list only: the last use of any of the user's stored sessions; null when none is stored.
             */
            last_seen_at?: string | null;
            role: components["schemas"]["Role"];
            /** @description In the staff list and its changes only: false once an administrador deactivated the account. */
            active?: boolean;
            /**
             * Format: date-time
             * @description In the staff list and its changes only: when the account was deactivated; null when active.
             */
            deactivated_at?: string | null;
            /** @description The individual CRECI (`CRECI/SC 12345-F`); null when not filled in. */
            creci: string | null;
            /** @description E.164; null when not filled in. Never public. */
            phone: string | null;
            /** @description E.164; null when not filled in. Shown on the pages of the listings the user is the broker of. */
            whatsapp: string | null;
            /** @description The user's photo (PUT /api/admin/users/{id}/photo); null when they have none. */
            photo: components["schemas"]["UserPhoto"] | null;
        };
        /** @description A user's photo as the back office shows it. */
        UserPhoto: {
            /**
             * @description processing until its variants are made; failed when the file could not be processed (error says why: send another).
             * @enum {string}
             */
            status: "processing" | "ready" | "failed";
            /** @description Why processing failed, in Portuguese; null otherwise. */
            error: string | null;
            /**
             * Format: uri
             * @description Once ready, the address the public pages show (the smallest JPEG variant); null before.
             */
            url: string | null;
        };
        UserPhotoUpload: {
            /**
             * Format: binary
             * @description One JPEG, PNG or WebP file (its content decides, not its name): at most 20 MB (--media-max-mb) and 50 megapixels, complete. HEIC is refused with advice on sending a JPEG.
             */
            file: string;
        };
        Session: {
            id: number;
            user_id: number;
            /** @description The User-Agent of the sign-in, cut to 200 bytes. */
            user_agent: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Recorded at most once a minute.
             */
            last_used_at: string;
            /**
             * Format: date-time
             * @description When the session ends unless it is used before (--session-idle after its last use, never past expires_at).
             */
            idle_expires_at: string;
            /**
             * Format: date-time
             * @description When the session ends, used or not (--session-max after the sign-in).
             */
            expires_at: string;
            /** @description Whether it is the session of the request. */
            current: boolean;
        };
        /** @description Other fields are ignored. */
        SignIn: {
            /** @description In any case. */
            email: string;
            password: string;
        };
        SignedIn: {
            /** @description The session's Bearer token, shown this once: only its SHA-256 hash is stored. */
            token: string;
            /** Format: date-time */
            expires_at: string;
            session: components["schemas"]["Session"];
            user: components["schemas"]["User"];
            /** @description What the user's role holds, as GET /api/admin/me says it. */
            permissions: components["schemas"]["Permission"][];
        };
        Me: {
            /** @enum {string} */
            kind: "user" | "token";
            /** @description The user's name, or the admin token's. */
            name: string;
            user: components["schemas"]["User"] | null;
            session: components["schemas"]["Session"] | null;
            role: components["schemas"]["Role"];
            /** @description What the caller's role holds, in the matrix's order: the back office shows only what these allow. */
            permissions: components["schemas"]["Permission"][];
        };
        SessionList: {
            items: components["schemas"]["Session"][];
        };
        /** @description Who made the write: a user (by name) or an admin API token (by its name), as named at the time; null when not known (written before accounts existed, or by the server's own tools). */
        Actor: {
            /** @enum {string} */
            kind: "user" | "token";
            name: string;
        } | null;
        /** @description At least one field; an unknown field is a 422. */
        LeadUpdate: {
            /** @enum {string} */
            status?: "novo" | "em_atendimento" | "concluido" | "descartado";
            /** @description Trimmed; null or "" clears the lead's `note`. A note that is not empty is also added to the timeline (a `note` event), which keeps every note. Line breaks and tabs allowed, no other control characters. */
            note?: string | null;
            /** @description Reassigns the lead to this staff member (422 on `assigned_to` when no user has the id); null leaves it to nobody. Recorded in the timeline. */
            assigned_to?: number | null;
        };
        UserList: {
            items: components["schemas"]["User"][];
        };
        UserCreate: {
            /** @description Stored trimmed and in lower case. */
            email: string;
            /** @description 1 to 100 characters, trimmed. */
            name: string;
            /** @description At least 10 characters, at most 256 bytes. */
            password: string;
            /** @description Omitted: corretor, the least a new account may do. */
            role?: components["schemas"]["Role"];
        };
        Token: {
            name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Recorded at most once a minute; null when not used since it was made (or since uses are recorded).
             */
            last_used_at: string | null;
            created_by: components["schemas"]["Actor"];
            role: components["schemas"]["Role"];
        };
        TokenList: {
            items: components["schemas"]["Token"][];
        };
        TokenCreate: {
            /** @description Trimmed, 1 to 100 characters, unique. */
            name: string;
            /** @description Omitted: the maker's own role. One the maker's role does not cover is a 403. */
            role?: components["schemas"]["Role"];
        };
        TokenCreated: {
            name: string;
            /** @description The token: shown this once, only its hash is stored. */
            token: string;
            /** Format: date-time */
            created_at: string;
            role: components["schemas"]["Role"];
        };
        Srcset: {
            /** @description JPEG variants by ascending width: "https://…/media/<id>-480.jpg 480w, https://…/media/<id>-960.jpg 960w". Widths among 480, 960, 1440 and 1920, never wider than the original (whose own width ends the list when it is narrower than 1920). */
            jpeg: string;
            /** @description The same widths in WebP. */
            webp: string;
        };
        /** @description A photo as the back office manages it: every photo, uploads still processing or failed included. */
        AdminPhoto: {
            id: string;
            /**
             * @description A file uploaded to Vitrine, or an external address.
             * @enum {string}
             */
            source: "upload" | "url";
            /**
             * @description An external address is always ready. An upload is processing until its variants are made (seconds; poll the list), then ready and public; failed when its file cannot be used (error says why).
             * @enum {string}
             */
            status: "processing" | "ready" | "failed";
            /** @description Why processing failed, in Portuguese, for people. */
            error: string | null;
            /**
             * Format: uri
             * @description As in the public detail; null until an upload is ready.
             */
            url: string | null;
            /**
             * Format: uri
             * @description The smallest JPEG variant of a ready upload; the url of an external photo.
             */
            thumbnail_url: string | null;
            alt_text: string;
            /** @description 0 is the cover. */
            display_order: number;
            width: number | null;
            height: number | null;
            srcset: components["schemas"]["Srcset"] | null;
        };
        AdminPhotoList: {
            photos: components["schemas"]["AdminPhoto"][];
        };
        PhotoAdd: {
            /**
             * Format: uri
             * @description Absolute http(s) address with a host and no credentials.
             */
            url: string;
            alt_text?: string | null;
        };
        PhotoUpload: {
            /** @description Optional; send it before the file. */
            alt_text?: string;
            /**
             * Format: binary
             * @description One JPEG, PNG or WebP file (its content decides, not its name): at most 20 MB (--media-max-mb) and 50 megapixels, complete. HEIC is refused with advice on sending a JPEG.
             */
            file: string;
        };
        PhotoAlt: {
            alt_text: string;
        };
        PhotoOrder: {
            /** @description Every photo id of the property, once each, in the new order; the first is the cover. */
            ids: string[];
        };
        FacetValue: {
            /** @description the parameter's value that chooses it */
            value: string;
            /** @description as a person reads it, in Brazilian Portuguese */
            label: string;
            count: number;
        };
        PriceBand: {
            /** @description `<min>-<max>` in whole reais, the max empty for the open top band */
            value: string;
            label: string;
            /** @description null for the first band */
            min: number | null;
            /** @description null for the open top band */
            max: number | null;
            count: number;
        };
        Facets: {
            /** @description venda and aluguel, always both */
            business: components["schemas"]["FacetValue"][];
            /** @description the values with a count, and any chosen, by count then label */
            subtype: components["schemas"]["FacetValue"][];
            /** @description as subtype; value is the city's key (`florianopolis-sc`), label `Florianópolis – SC` */
            city: components["schemas"]["FacetValue"][];
            /** @description as subtype, within the chosen city; empty without `city` */
            neighborhood: components["schemas"]["FacetValue"][];
            /** @description 1+ to 4+: at least that many bedrooms */
            bedrooms: components["schemas"]["FacetValue"][];
            /** @description sale bands (no business or venda), rent bands (aluguel); inclusive at both ends */
            price: components["schemas"]["PriceBand"][];
        };
        SearchPage: {
            items: components["schemas"]["PropertySummary"][];
            total: number;
            page: number;
            per_page: number;
            facets: components["schemas"]["Facets"];
        };
        Place: {
            /** @enum {string} */
            kind: "city" | "neighborhood";
            /** @description the city's key, as the search's `city` */
            city: string;
            /** @description the neighborhood's slug; null for a city */
            neighborhood: string | null;
            /** @example Centro, Florianópolis – SC */
            label: string;
            /** @description active properties */
            count: number;
        };
        PlaceList: {
            items: components["schemas"]["Place"][];
        };
        /** @description The notice shown beside the contact form: who collects the visitor's data (the agency's name and CRECI), why, for how long (the lead retention), and where to ask about it. Each version is kept with its exact text; the form sends the version it showed. */
        PrivacyNotice: {
            /** @description The first 16 hex digits of the SHA-256 of the text and the consent label. */
            version: string;
            /** @description One statement a line. */
            text: string;
            /** @description The label of the marketing checkbox. */
            consent_label: string;
            /** @constant */
            policy_url: "/privacidade";
        };
        PrivacyPolicy: {
            /** @description Plain text; paragraphs are separated by a blank line. */
            text: string;
            /** @description True until the agency sets its own text: the text is then the default one, made from the agency's record and the retention. */
            is_default: boolean;
            /**
             * Format: date-time
             * @description Null while the default is shown.
             */
            updated_at: string | null;
        };
        PrivacyPolicyAdmin: components["schemas"]["PrivacyPolicy"] & {
            updated_by: components["schemas"]["Actor"];
            default_text: string;
            /** @constant */
            max_length: 20000;
        };
        /** @description is_default, updated_at, updated_by, default_text and max_length are accepted and ignored (a read can be sent back). */
        PrivacyPolicyWrite: {
            text: string;
            /** @description Accepted and ignored. */
            is_default?: unknown;
            /** @description Accepted and ignored. */
            updated_at?: unknown;
            /** @description Accepted and ignored. */
            updated_by?: unknown;
            /** @description Accepted and ignored. */
            default_text?: unknown;
            /** @description Accepted and ignored. */
            max_length?: unknown;
        };
        /** @description A data subject's e-mail; sent in the body, never in the address (access logs keep addresses). */
        SubjectRequest: {
            email: string;
        };
        Erasure: {
            id: number;
            /** @enum {string} */
            kind: "request" | "retention";
            /** @description How many leads it emptied. */
            leads: number;
            /** Format: date-time */
            at: string;
            by: components["schemas"]["Actor"];
        };
        ErasureList: {
            /** @description The latest 100, newest first. */
            items: components["schemas"]["Erasure"][];
            /** @description How long leads are kept ("por 24 meses"); null when they are kept until someone asks. */
            retention: string | null;
        };
        /** @description Everything held about a data subject, by their e-mail (in any case): their leads with the consent evidence of each, the exact text of the notices those leads name, and the earlier anonymisations asked for that e-mail. */
        Subject: {
            email: string;
            /** Format: date-time */
            generated_at: string;
            /** @description The e-mails about the subject's leads (their notices to the agency): kind, state, recipient and dates, never their content, which is not kept. */
            emails: components["schemas"]["OutboxMail"][];
            controller: {
                name: string | null;
                creci_display: string | null;
                contact: string | null;
            };
            leads: {
                id: number;
                /** Format: date-time */
                created_at: string;
                property: {
                    id: string;
                    slug: string;
                    title: string;
                } | null;
                name: string;
                email: string;
                phone: string | null;
                message: string;
                status: string;
                /** @description The staff's note. */
                note: string | null;
                delivery_status: string | null;
                consent: {
                    notice_version: string | null;
                    marketing: boolean;
                    /** Format: date-time */
                    at: string | null;
                    /** @description HMAC-SHA-256 of the client's address under the installation's key; never the address. */
                    client_address_hash: string | null;
                };
                /** @description What the agency did with the lead, oldest first. */
                timeline: components["schemas"]["LeadEvent"][];
                /** @description Where a portal's lead came from (the data's origin); null for a lead of the site. */
                portal: components["schemas"]["LeadPortal"] | null;
                /** @description The slot a visit lead booked; null for a message. */
                visit: components["schemas"]["LeadVisit"] | null;
            }[];
            notices: {
                version: string;
                text: string;
                consent_label: string;
                /** Format: date-time */
                first_shown_at: string;
            }[];
            erasures: components["schemas"]["Erasure"][];
            /** @description The listings' owner's records (captação) that hold the e-mail: the subject as an owner. */
            owner_records: components["schemas"]["SubjectOwnerRecord"][];
            /** @description The e-mail's saved searches (alerts of new listings, `POST /api/v1/saved-searches`), whatever their state, with their consent evidence; an anonymisation deletes them. */
            saved_searches: {
                id: number;
                /** @description The search, in its canonical form (`GET /api/v1/search`'s parameters). */
                query: string;
                /** @enum {string} */
                frequency: "imediato" | "diario";
                /** @enum {string} */
                status: "pendente" | "ativo" | "cancelado";
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                confirmed_at: string | null;
                /** Format: date-time */
                unsubscribed_at: string | null;
                consent: {
                    notice_version: string | null;
                    marketing: boolean;
                    /** Format: date-time */
                    at: string | null;
                    /** @description HMAC-SHA-256 of the client's address under the installation's key; never the address. */
                    client_address_hash: string | null;
                };
            }[];
            /** @description The favourites' e-mails the address asked for (`POST /api/v1/favorites/email`), with their consent evidence; an anonymisation deletes them. */
            favorite_mails: {
                id: number;
                /** Format: date-time */
                created_at: string;
                property_ids: string[];
                consent: {
                    notice_version: string | null;
                    marketing: boolean;
                    /** Format: date-time */
                    at: string | null;
                    /** @description HMAC-SHA-256 of the client's address under the installation's key; never the address. */
                    client_address_hash: string | null;
                };
            }[];
        };
        /** @description One reason the property cannot go to the portals' feed (the VRSync rules, docs/api.md "Portals (VRSync)"). */
        PortalProblem: {
            /** @description The field of the admin API the problem is about (title, description, cep, photos, video_url…); agency.email and agency.name are the agency's (PUT /api/admin/agency). */
            field: string;
            /** @description What to do, for people (pt-BR). */
            message: string;
        };
        /** @description The portals' feed (VRSync, GET /feeds/vrsync/{secret}.xml, outside the API): see docs/api.md "Portals (VRSync)". */
        PortalFeed: {
            /**
             * Format: uri
             * @description The feed's address, to be given to the portal: it holds the secret, so whoever has it reads the feed.
             */
            url: string;
            /** @description How many addresses were made: 1 for the first, one more at each rotation. */
            generation: number;
            /** Format: date-time */
            rotated_at: string;
            rotated_by: components["schemas"]["Actor"];
        };
        ImportProblem: {
            /** @description The element of the file (`Details/PropertyType`, `Title`, `Media/Item`…). */
            field: string;
            message: string;
        };
        /** @description One line of an import's answer: what it did, or would do (dry run), with one listing. */
        ImportResult: {
            listing_id: string;
            /** @enum {string} */
            action: "created" | "updated" | "unchanged" | "refused";
            /**
             * Format: uuid
             * @description The property; null when refused, or created by a dry run.
             */
            property_id: string | null;
            /** @description The admin API's fields the listing sets (created) or changes (updated). */
            changes: string[];
            /** @description Why the listing was refused. */
            problems: components["schemas"]["ImportProblem"][];
            /** @description What was left out (unknown Features, a second or non-YouTube video) or kept as an address (a photo that could not be fetched). */
            warnings: components["schemas"]["ImportProblem"][];
            /** @description Photos fetched; in a dry run, those that would be. */
            photos_fetched: number;
        };
        /** @description The last line of an import's answer. */
        ImportEnd: {
            /** @description false when the import stopped before the end of the file (the listings reported before were applied). */
            done: boolean;
            dry_run: boolean;
            totals: {
                listings: number;
                created: number;
                updated: number;
                unchanged: number;
                refused: number;
                photos_fetched: number;
            };
            error: string | null;
        };
        MailOutbox: {
            /** @description An SMTP server is configured (--smtp-url): e-mails are sent. */
            configured: boolean;
            counts: {
                pending: number;
                sent: number;
                failed: number;
                cancelled: number;
            };
            /** @description The latest 100 e-mails, newest first. */
            items: components["schemas"]["OutboxMail"][];
        };
        OutboxMail: {
            /** Format: int64 */
            id: number;
            /** @description What the e-mail is: lead_notice (a new lead, told to its broker or the agency), invitation, password_reset, daily_summary (the morning list of leads nobody answered). */
            kind: string;
            /**
             * Format: int64
             * @description What it is about: the lead's id for a lead_notice, the account link's for an invitation or a password_reset, the recipient user's for a daily_summary.
             */
            ref: number;
            /** @enum {string} */
            status: "pending" | "sent" | "failed" | "cancelled";
            attempts: number;
            /** @description Why the last attempt failed, or why it was given up or cancelled. */
            last_error: string | null;
            /** @description Who it was sent to; null until it is sent. */
            recipient: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When it is tried next; null unless pending.
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            sent_at: string | null;
        };
        /**
         * @description What a staff member or token may do: see the permission matrix in docs/api.md.
         * @enum {string}
         */
        Role: "administrador" | "assistente" | "corretor";
        /**
         * @description One row of the permission matrix (listing.Matrix).
         * @enum {string}
         */
        Permission: "account" | "properties.read" | "properties.write" | "leads.read" | "leads.write" | "leads.export" | "agency" | "portals" | "imports" | "privacy" | "staff" | "tokens" | "owner";
        /** @description The last active administrador can be neither demoted nor deactivated (409), and nobody deactivates their own account (409). */
        UserUpdate: {
            role?: components["schemas"]["Role"];
            /** @description false deactivates the account: its sessions end and its tokens are revoked at once; true reactivates it. */
            active?: boolean;
        };
        PasswordChange: {
            current_password: string;
            /** @description At least 10 characters, at most 256 bytes. */
            new_password: string;
        };
        /** @description The listing's responsible broker, as the agency publishes them: never their e-mail or phone. */
        Broker: {
            name: string;
            /** @description The broker's individual CRECI with its state, `CRECI/SC 12345-F`; null when not filled in. */
            creci: string | null;
            /** @description E.164 (`+5548999990000`); null when not filled in: the page's WhatsApp link then goes to the agency's number. */
            whatsapp: string | null;
            /** @description The broker's uploaded photo; null when they have none, and while its variants are being made. */
            photo: components["schemas"]["BrokerPhoto"] | null;
        };
        /** @description A broker's photo, shown small (a round portrait): its url is the smallest JPEG variant, with that variant's size; srcset lists every variant, as an uploaded property photo's. */
        BrokerPhoto: {
            /**
             * Format: uri
             * @description The smallest JPEG variant (480 pixels wide, or the original's width when narrower), absolute under /media/.
             */
            url: string;
            /** @description Width in pixels of the image at url. */
            width: number;
            /** @description Height in pixels of the image at url. */
            height: number;
            srcset: components["schemas"]["Srcset"];
        };
        Assignee: {
            id: number;
            name: string;
        };
        /** @description One event of a lead's timeline. Fields a kind does not use are null. */
        LeadEvent: {
            /** @enum {string} */
            kind: "created" | "assigned" | "status" | "note" | "email_sent" | "visit";
            /** Format: date-time */
            at: string;
            by: components["schemas"]["Actor"];
            /** @description created: where the lead came from (`site`, or the portal: `zap`, `vivareal`, `olx`, `grupo`). */
            source: string | null;
            /** @description assigned: to whom; null when to nobody. */
            assignee: components["schemas"]["Assignee"] | null;
            /** @description assigned: who had the lead before; null when nobody. */
            previous: components["schemas"]["Assignee"] | null;
            /**
             * @description assigned: the listing's broker, the rotation, or staff's choice.
             * @enum {string|null}
             */
            rule: "imovel" | "roleta" | "manual" | null;
            /**
             * @description status: the status before.
             * @enum {string|null}
             */
            from: "novo" | "em_atendimento" | "concluido" | "descartado" | null;
            /**
             * @description status: the status after.
             * @enum {string|null}
             */
            to: "novo" | "em_atendimento" | "concluido" | "descartado" | null;
            /** @description note: what staff wrote; null once the lead is anonymised. */
            text: string | null;
            /** @description email_sent: the recipient; null once the lead is anonymised. */
            email_to: string | null;
            /** @description email_sent: the subject; null once the lead is anonymised. */
            email_subject: string | null;
            /** @description visit: the visit as it became, booked (confirmed), moved by the visitor (confirmed, at its new time) or cancelled; null for another kind. */
            visit: components["schemas"]["LeadVisit"] | null;
        };
        LeadDetail: components["schemas"]["Lead"] & {
            /** @description Oldest first. */
            timeline: components["schemas"]["LeadEvent"][];
        };
        /** @description Each field optional; null or "" clears it. An unknown field is a 422. */
        BrokerProfile: {
            /** @description Written as agencies write it (`CRECI/SC 12345-F`, `12345-F/SC`, `creci-sc 12.345`); the state is required; stored `CRECI/SC 12345-F`. */
            creci?: string | null;
            /** @description With the area code, or international (`+5548…`); stored E.164. */
            phone?: string | null;
            /** @description As phone. */
            whatsapp?: string | null;
        };
        Invitation: {
            /** Format: int64 */
            id: number;
            email: string;
            name: string;
            role: components["schemas"]["Role"];
            /** @description The name of who invited, as it was then ('' for none). */
            invited_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
        };
        InvitationList: {
            items: components["schemas"]["Invitation"][];
        };
        InvitationCreate: {
            email: string;
            name: string;
            role?: components["schemas"]["Role"];
        };
        ForgotPassword: {
            /** @description Stored trimmed and in lower case. */
            email: string;
        };
        Message: {
            message: string;
        };
        LinkToken: {
            token: string;
        };
        LinkUse: {
            token: string;
            /** @description At least 10 characters, at most 256 bytes. */
            password: string;
        };
        AccountLink: {
            /** @enum {string} */
            kind: "invite" | "reset";
            email: string;
            name: string;
            role: components["schemas"]["Role"];
            /** Format: date-time */
            expires_at: string;
        };
        /** @description The back office's Portais page: see docs/api.md "Portals (VRSync)". */
        Portals: {
            /** @description Active properties marked to publish (publish_to_portals). */
            candidates: number;
            /** @description Those the feed carries now: no problem of their own, and nothing missing from the agency. */
            listed: number;
            /** @description What the agency lacks for the portals (its e-mail): while not empty, the feed carries no listing. */
            agency_problems: components["schemas"]["PortalProblem"][];
            /** @description The candidates the rules keep from the portals, in the order of their ids. */
            blocked: components["schemas"]["PortalBlocked"][];
            /** @description Each known portal crawler, and when it last read the feed. */
            crawlers: components["schemas"]["PortalCrawler"][];
        };
        /** @description A property marked to publish that the portals would not take yet. */
        PortalBlocked: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @description The agency's code, the feed's ListingID. */
            code: string | null;
            /** @description Why it is held back (the property's own problems; the agency's are agency_problems). */
            problems: components["schemas"]["PortalProblem"][];
        };
        PortalCrawler: {
            /** @description The crawler, known by its User-Agent (grupozap: VivaRealBot). */
            name: string;
            /** @description Its name for people (pt-BR). */
            label: string;
            /**
             * Format: date-time
             * @description The last time it read the feed at its current or an earlier address; null when it never did. Only the time is kept, never the address it read from.
             */
            last_read_at: string | null;
        };
        Backups: {
            /** @description This instance takes scheduled backups (--backup-every). */
            scheduled: boolean;
            /** @description The period, as a Go duration (24h0m0s); null unless scheduled. */
            every: string | null;
            /** @description How many snapshots the target keeps; null unless scheduled. */
            keep: number | null;
            /** @description Where the backups go (a directory, or a bucket and its server); null unless scheduled. */
            target: string | null;
            /**
             * @description The database: on postgres the backups hold the media files only.
             * @enum {string}
             */
            database: "sqlite" | "postgres";
            /** @description The latest run that succeeded; null when none has. */
            last_success: components["schemas"]["BackupRun"] | null;
            /** @description The latest 20 runs, newest first. */
            runs: components["schemas"]["BackupRun"][];
        };
        BackupRun: {
            /** @description The period the run backs up: its start, RFC 3339 in UTC. */
            slot: string;
            /**
             * @description running (or left so by an instance that stopped: taken again after a whole period), ok, failed (tried again 15 minutes later, three times in all).
             * @enum {string}
             */
            status: "running" | "ok" | "failed";
            attempts: number;
            /** Format: date-time */
            started_at: string;
            /**
             * Format: date-time
             * @description null while running.
             */
            finished_at: string | null;
            /** @description The snapshot's id in the target, once ok. */
            snapshot: string | null;
            /**
             * Format: int64
             * @description What the snapshot holds: the database and every media file it names.
             */
            size_bytes: number;
            /**
             * Format: int64
             * @description What this run copied; the rest was in the target already (media are copied once).
             */
            copied_bytes: number;
            /** @description Why it failed. */
            error: string | null;
        };
        /** @description Where a map shows the property. With address_visibility all: its own point, radius_m null. Otherwise an area that holds it: the centre of the cell of a fixed grid of 0.01 degree of latitude and longitude (about 1 km) that contains the point, and a radius in metres that covers the whole cell; every point of a cell gives the same area, so the point cannot be worked back from it. */
        Location: {
            latitude: number;
            longitude: number;
            /** @description Null for the property's own point; else the radius of the area, in metres (about 750 to 800). */
            radius_m: number | null;
        };
        /** @description The tile server of the public pages' maps (--map-tiles, --map-attribution). */
        MapTiles: {
            /**
             * @description A tile's address, with {z}, {x} and {y} for its zoom, column and row.
             * @example https://tile.openstreetmap.org/{z}/{x}/{y}.png
             */
            tiles: string;
            /** @description The credit the map shows, plain text. */
            attribution: string;
        };
        PublicAgency: components["schemas"]["Agency"] & {
            /** @description The maps' tile server; null when the site shows no map. */
            map: components["schemas"]["MapTiles"] | null;
        };
        /** @description A lead as Grupo OLX's lead integration sends it. Fields it does not name are ignored; a number is read as its text. */
        PortalLeadInput: {
            /** @description The contract: `Zap` / `ZAP Imóveis`, `VivaReal`, `OLX`; `GrupoZap`, `Grupo OLX` or another name is the group (`grupo`). */
            leadOrigin?: string | null;
            /** @description When the buyer wrote: RFC 3339, or an ISO local date-time taken as Brasília time; anything else is ignored. */
            timestamp?: string | null;
            /** @description The portal's id of the lead: stored once, whatever the retries. At most 100 characters. */
            originLeadId: string | number;
            /** @description The portal's id of the listing. At most 100 characters. */
            originListingId?: string | number | null;
            /** @description The listing's id in the agency's feed (its code, or its id when it has none). At most 100 characters. */
            clientListingId?: string | number | null;
            /** @description At most 150 characters. */
            name: string;
            /** @description Required without a phone. */
            email?: string | null;
            /** @description The phone's area code. */
            ddd?: string | number | null;
            /** @description The phone without its area code. Required without an e-mail (or `phoneNumber`). */
            phone?: string | number | null;
            /** @description Area code and phone together (deprecated by the portal), used when `ddd` and `phone` are not both sent. */
            phoneNumber?: string | number | null;
            /** @description At most 2000 characters. */
            message?: string | null;
            /** @description `Alta`, `Média`, `Baixa` (kept as `alta`, `media`, `baixa`); another word is kept as sent. At most 40 characters. */
            temperature?: string | null;
            /** @description `SELL` or `RENT`; another value is ignored. */
            transactionType?: string | null;
            /** @description The same, when `transactionType` is not sent. */
            transaction_type?: string | null;
        };
        PortalLeadReceived: {
            /** @description The lead's id. */
            id: number;
            /** @description True when this request stored the lead; false for a retry of one stored before. */
            created: boolean;
        };
        /** @description What the portal said of a lead it delivered (`POST /api/v1/portal-leads/{secret}`). */
        LeadPortal: {
            /**
             * @description The portal; `grupo` when the contract covers the group's portals.
             * @enum {string}
             */
            origin: "zap" | "vivareal" | "olx" | "grupo";
            origin_lead_id: string;
            origin_listing_id: string | null;
            /** @description The listing's id as the portal sent it; the lead's property is the one it names, if any. */
            client_listing_id: string | null;
            /** @description `alta`, `media`, `baixa`, or the portal's word as sent. */
            temperature: string | null;
            /**
             * @description What the buyer asked about.
             * @enum {string|null}
             */
            business: "venda" | "aluguel" | null;
            /**
             * Format: date-time
             * @description When the buyer wrote on the portal.
             */
            sent_at: string | null;
        };
        ShareInput: {
            /**
             * @description The button used: `whatsapp` (a wa.me link), `link` (copied) or `nativo` (the phone's share sheet).
             * @enum {string}
             */
            channel: "whatsapp" | "link" | "nativo";
        };
        /** @description A document of an owner's record, kept privately. */
        OwnerDocument: {
            id: string;
            /** @description The file name, made safe, offered on download. */
            name: string;
            /** @enum {string} */
            content_type: "application/pdf" | "image/jpeg" | "image/png" | "image/webp";
            size: number;
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["Actor"];
        };
        /** @description The owner's record of a listing (captação): back office only. */
        OwnerRecord: {
            name: string;
            phones: string[];
            emails: string[];
            exclusive: boolean;
            /** @description The exclusivity's last day (YYYY-MM-DD); null for none or open-ended. Only with exclusive. */
            exclusive_until: string | null;
            /** @description The agreed commission in percent, at most two decimals (6.5 is 6.50 %); null when none was agreed yet. */
            commission: number | null;
            /** @description Where the keys are. */
            keys: string;
            /** @description Internal notes. */
            notes: string;
            /**
             * Format: date-time
             * @description null while no record was written.
             */
            updated_at: string | null;
            updated_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the owner's personal data was erased at their request (LGPD): the name, phones, e-mails, notes and documents; the terms stay.
             */
            anonymized_at: string | null;
            /** @description Oldest first. */
            documents: components["schemas"]["OwnerDocument"][];
            /** @description The largest document accepted. */
            max_document_bytes: number;
        };
        /** @description The whole owner's record; a field left out is cleared. */
        OwnerRecordInput: {
            name?: string | null;
            phones?: string[];
            emails?: string[];
            exclusive?: boolean;
            /** @description The exclusivity's last day (YYYY-MM-DD); null for none or open-ended. Only with exclusive. */
            exclusive_until?: string | null;
            /** @description The agreed commission in percent, at most two decimals (6.5 is 6.50 %); null when none was agreed yet. */
            commission?: number | null;
            keys?: string | null;
            notes?: string | null;
            /** @description Read-only: accepted and ignored. */
            updated_at?: unknown;
            /** @description Read-only: accepted and ignored. */
            updated_by?: unknown;
            /** @description Read-only: accepted and ignored. */
            anonymized_at?: unknown;
            /** @description Read-only: accepted and ignored. */
            documents?: unknown;
            /** @description Read-only: accepted and ignored. */
            max_document_bytes?: unknown;
        };
        OwnerDocumentUpload: {
            /**
             * Format: binary
             * @description One PDF, JPEG, PNG or WebP file (its content decides, not its name), at most 20 MB; its filename is kept, made safe.
             */
            file: string;
        };
        /** @description An owner's record that holds the subject's e-mail, with its listing; documents by name and size (their files are handed over on request). */
        SubjectOwnerRecord: {
            property: {
                id: string;
                slug: string;
                title: string;
            };
            name: string;
            phones: string[];
            emails: string[];
            exclusive: boolean;
            /** @description The exclusivity's last day (YYYY-MM-DD); null for none or open-ended. Only with exclusive. */
            exclusive_until: string | null;
            /** @description The agreed commission in percent, at most two decimals (6.5 is 6.50 %); null when none was agreed yet. */
            commission: number | null;
            /** @description Where the keys are. */
            keys: string;
            /** @description Internal notes. */
            notes: string;
            /**
             * Format: date-time
             * @description null while no record was written.
             */
            updated_at: string | null;
            updated_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the owner's personal data was erased at their request (LGPD): the name, phones, e-mails, notes and documents; the terms stay.
             */
            anonymized_at: string | null;
            /** @description Oldest first. */
            documents: components["schemas"]["OwnerDocument"][];
            /** @description The largest document accepted. */
            max_document_bytes: number;
        };
        /** @description The erasure recorded, and how many owner's records (captação) holding the e-mail were emptied, their documents deleted. */
        SubjectErasure: {
            id: number;
            /** @enum {string} */
            kind: "request" | "retention";
            /** @description How many leads it emptied. */
            leads: number;
            /** Format: date-time */
            at: string;
            by: components["schemas"]["Actor"];
            owner_records: number;
        };
        VisitSlot: {
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
        };
        VisitSlots: {
            /** @description The agency's IANA zone, America/Sao_Paulo */
            time_zone: string;
            slot_minutes: number;
            days: {
                /** Format: date */
                date: string;
                slots: components["schemas"]["VisitSlot"][];
            }[];
        };
        /** @description The contact form's fields (without the message, which the server writes) and the slot. Unknown fields are refused. */
        VisitInput: {
            /**
             * Format: date-time
             * @description The start of one of the offered slots (RFC 3339)
             */
            starts_at: string;
            /** @description At least 2 characters after trimming. */
            name: string;
            /**
             * Format: email
             * @description One address (local@domain), no display name, a domain with a dot that is a DNS host name (letters, digits and hyphens per label; internationalised names as typed or in punycode).
             */
            email: string;
            phone?: string | null;
            /** @description The version of the privacy notice the form showed (GET /api/v1/privacy-notice). Optional; required when marketing_consent is true. An unknown version is a 422 on notice_version. */
            notice_version?: string | null;
            /**
             * @description The visitor ticked the marketing checkbox (news and offers by e-mail, phone or WhatsApp), separate from the enquiry. Optional; false when absent or null.
             * @default false
             */
            marketing_consent?: boolean | null;
        };
        VisitBooked: {
            /** @description The lead's id */
            id: number;
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            message: string;
        };
        VisitToken: {
            /** @description The link's token (vst_…) */
            token: string;
        };
        VisitReschedule: {
            /** @description The link's token (vst_…) */
            token: string;
            /** Format: date-time */
            starts_at: string;
        };
        VisitLink: {
            /** @enum {string} */
            status: "confirmed" | "cancelled";
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            /** @description "" once the listing is deleted */
            property_slug: string;
            property_title: string;
            slots: components["schemas"]["VisitSlots"];
            message?: string;
        };
        VisitInterval: {
            /** @description HH:MM in the agency's time zone */
            start: string;
            /** @description HH:MM in the agency's time zone */
            end: string;
        };
        VisitHoursInput: {
            weekly: {
                /** @description 0 is Sunday */
                weekday: number;
                /** @description HH:MM in the agency's time zone */
                start: string;
                /** @description HH:MM in the agency's time zone */
                end: string;
            }[];
            exceptions?: {
                /** Format: date */
                date: string;
                /** @description None blocks the date */
                intervals: components["schemas"]["VisitInterval"][];
            }[];
        };
        VisitHours: {
            time_zone: string;
            slot_minutes: number;
            weekly: {
                /** @description 0 is Sunday */
                weekday: number;
                /** @description HH:MM in the agency's time zone */
                start: string;
                /** @description HH:MM in the agency's time zone */
                end: string;
            }[];
            exceptions: {
                /** Format: date */
                date: string;
                /** @description None blocks the date */
                intervals: components["schemas"]["VisitInterval"][];
            }[];
        };
        /** @description The slot of a visit lead (kind visita). */
        LeadVisit: {
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            /** @enum {string} */
            status: "confirmed" | "cancelled";
        };
        SavedSearchInput: {
            /** @description The search's parameters, as `GET /api/v1/search` takes them: `business=venda&city=florianopolis-sc`. */
            query: string;
            email: string;
            /**
             * @description `imediato`: as soon as news are seen; `diario`: once a day, from 8:00 in the agency's time zone.
             * @enum {string}
             */
            frequency: "imediato" | "diario";
            /** @description The version of the privacy notice the form showed (`GET /api/v1/privacy-notice`). */
            notice_version: string;
        };
        SavedSearchAccepted: {
            message: string;
        };
        SavedSearchToken: {
            /** @description The token of the e-mail's link (`token=` in its address). */
            token: string;
        };
        SavedSearchChange: {
            /** @description The token of the e-mail's link (`token=` in its address). */
            token: string;
            id?: number;
        };
        SavedSearchFrequency: {
            /** @description The token of the e-mail's link (`token=` in its address). */
            token: string;
            id?: number;
            /**
             * @description `imediato`: as soon as news are seen; `diario`: once a day, from 8:00 in the agency's time zone.
             * @enum {string}
             */
            frequency: "imediato" | "diario";
        };
        SavedSearch: {
            id: number;
            /** @description The search, in its canonical form (`GET /api/v1/search`'s parameters). */
            query: string;
            /** @enum {string} */
            frequency: "imediato" | "diario";
            /** @enum {string} */
            status: "pendente" | "ativo" | "cancelado";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            confirmed_at: string | null;
        };
        SavedSearchList: {
            email: string;
            searches: components["schemas"]["SavedSearch"][];
        };
        SavedSearchStats: {
            active: number;
            pending: number;
            unsubscribed: number;
            alerts_sent: number;
        };
        FavoriteMailInput: {
            email: string;
            /** @description The favourites' slugs, as the browser keeps them. */
            slugs: string[];
            /** @description The version of the privacy notice the form showed (`GET /api/v1/privacy-notice`). */
            notice_version: string;
        };
    };
    responses: {
        /** @description Validation failed: `{"error":"Dados inválidos","details":{field:[messages]}}` */
        Invalid: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description Validation failed: `{"error":"Dados inválidos","details":{field:[messages]}}` */
        InvalidAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description Unknown, inactive or malformed: `{"error":"Imóvel não encontrado"}` */
        PropertyNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown or malformed: `{"error":"Imóvel não encontrado"}` */
        PropertyNotFoundAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid admin token, body `{"error":"Não autorizado"}` */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many failed authentications from this address: `{"error":"Muitas tentativas de acesso. Tente novamente mais tarde."}` */
        AuthRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many messages from this address, for this property (`--contact-limit`) or across all properties (`--contact-address-limit`): `{"error":"Muitas mensagens enviadas. Tente novamente mais tarde."}`. Only a valid form about an active property spends an allowance. */
        ContactRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many searches that the cache did not answer, from this client (`--search-limit`): `{"error":"Muitas buscas em pouco tempo. Aguarde alguns segundos e tente de novo."}`. A search answered from the cache spends nothing. */
        SearchRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database cannot be reached: `{"error":"Serviço temporariamente indisponível"}` */
        Unavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database cannot be reached: `{"error":"Serviço temporariamente indisponível"}` */
        UnavailableAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected failure, logged with the request's id: `{"error":"Erro interno do servidor"}` */
        Internal: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected failure, logged with the request's id: `{"error":"Erro interno do servidor"}` */
        InternalAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Body over 64 KiB: `{"error":"Corpo da requisição muito grande"}` */
        TooLargePublic: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Body over 1 MiB: `{"error":"Corpo da requisição muito grande"}` */
        TooLargeAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A unique value in use. For the slug: `{"error":"Já existe um imóvel com este endereço de página","details":{"slug":[…]}}`; for another field: `{"error":"Conflito com um registro existente","details":{"<field>":["Este valor já está em uso."]}}`. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: string;
                    details: {
                        [key: string]: string[];
                    };
                };
            };
        };
        /** @description Not modified: the client's copy (If-None-Match) is current */
        NotModified: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                ETag: components["headers"]["ETag"];
                "Cache-Control": components["headers"]["Cache-Control-Public"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The body is not sent as `application/json` (parameters such as `charset` allowed, any case): `{"error":"Tipo de conteúdo não suportado. Envie os dados em JSON (Content-Type: application/json)."}`. Checked before the body is read (and, on the contact form, before the property is looked up), so a cross-site form post or simple fetch never reaches validation, nor the sign-in's password check. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown, or not the caller's: `{"error":"Recurso não encontrado"}` */
        NotFoundAdmin: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown e-mail or wrong password, one answer for both: `{"error":"E-mail ou senha incorretos."}` */
        BadCredentials: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many sign-ins for this e-mail, or failed authentications from this address: `{"error":"Muitas tentativas de acesso. Tente novamente mais tarde."}` */
        SignInRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A file over the limit (20 MB by default): `{"error":"A foto tem mais de 20 MB, o máximo. Reduza o arquivo e envie de novo."}` */
        PhotoTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not a JPEG, PNG or WebP (the content decides): `{"error":"Formato de arquivo não suportado. Envie fotos em JPEG, PNG ou WebP."}`; an iPhone's HEIC photo gets advice on sending a JPEG instead. A body that is neither a multipart form nor `application/json` gets the JSON 415 of the other bodies: `{"error":"Tipo de conteúdo não suportado. Envie os dados em JSON (Content-Type: application/json)."}`. */
        PhotoUnsupported: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The server has no media storage, or it or the database cannot be reached now. */
        PhotosUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller's role does not hold the route's permission (see the permission matrix in docs/api.md): `{"error":"Você não tem permissão para esta ação."}` */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller's role lacks the permission: `{"error":"Você não tem permissão para esta ação."}`; or it may see the listing but not its owner's record (it is not the listing's broker nor an administrador): `{"error":"Só o corretor responsável pelo imóvel e os administradores veem a captação."}` */
        OwnerForbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A file over 20 MB: `{"error":"O documento passa de 20 MB, o máximo. Reduza o arquivo e envie de novo."}` */
        DocumentTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not a PDF, JPEG, PNG or WebP file by its content: `{"error":"Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP."}` */
        DocumentUnsupported: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No file storage on this server, or the database is unavailable: `{"error":"O envio de documentos não está disponível neste servidor."}` (Retry-After for the latter). */
        DocumentsUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests from this address (saved searches: 5 an hour; favourites' e-mails: 3 an hour; requests with a link's token: 30 a minute): `{"error":"Muitas requisições…"}` */
        SavedSearchRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token opens no search (unknown, or its search was deleted): `{"error":"Recurso não encontrado"}` */
        SavedSearchLinkNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id: the one sent by the client or a proxy when it is 1 to 64 letters, digits, '-', '_' or '.', otherwise one made by the server. It names the request in the server's log. */
        "X-Request-Id": string;
        /** @description Weak validator of the body; send it back in If-None-Match to get a 304. */
        ETag: string;
        /** @description Browsers revalidate every time; a shared cache may keep the answer 30 s, and serve it stale 30 s more while it revalidates. */
        "Cache-Control-Public": "public, max-age=0, s-maxage=30, stale-while-revalidate=30";
        /** @description Administration answers are never stored. */
        "Cache-Control-No-Store": "no-store";
        /** @description Revalidate before each use. */
        "Cache-Control-No-Cache": "no-cache";
        /** @description Seconds to wait before trying again. */
        "Retry-After": string;
        /** @description The scheme to authenticate with. */
        "WWW-Authenticate": string;
        /** @description Address of the created property in the administration API. */
        Location: string;
        /** @description The body depends on Accept-Encoding (gzip when accepted). */
        Vary: "Accept-Encoding";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProperties: {
        parameters: {
            query?: {
                /** @description Page number from 1, for the first 10,000 rows of the list: `page × per_page` above 10,000 is a 422 on `page` (go on with `cursor`). A page past the end is empty. */
                page?: number;
                per_page?: number;
                /** @description Keyset paging: the `next_cursor` of the previous page. Opaque; a malformed cursor, one of the other list, or `cursor` together with `page` is a 422. Walks on at the same cost wherever it is in the list. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyPage"];
                };
            };
            304: components["responses"]["NotModified"];
            422: components["responses"]["Invalid"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property detail. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyDetail"];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["PropertyNotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPropertyAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property detail. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyDetail"];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["PropertyNotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadInput"];
            };
        };
        responses: {
            /** @description Lead stored */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadCreated"];
                };
            };
            404: components["responses"]["PropertyNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["ContactRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenAPI: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document (OpenAPI 3.1) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Cache"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    adminListProperties: {
        parameters: {
            query?: {
                /** @description Page number from 1, for the first 10,000 rows of the list: `page × per_page` above 10,000 is a 422 on `page` (go on with `cursor`). A page past the end is empty. */
                page?: number;
                per_page?: number;
                /** @description Keyset paging: the `next_cursor` of the previous page. Opaque; a malformed cursor, one of the other list, `cursor` together with `page`, or `cursor` with a `sort` other than `newest` is a 422. Walks on at the same cost wherever it is in the list. */
                cursor?: string;
                /** @description Search: a substring of the title or of the code, ignoring case and accents (`itacorubi` finds `Itacorubí`); trimmed, at most 100 characters (else 422). */
                q?: string;
                /** @description Only active (`true`) or inactive (`false`) properties. */
                active?: "true" | "false";
                status?: "disponivel" | "reservado" | "vendido" | "alugado";
                /** @description The business, as the property's `type`. */
                business?: "venda" | "aluguel" | "venda_aluguel";
                /** @description `newest` (created, newest first; the only order `cursor` pages), `oldest`, `updated` (last written first), `price_asc`, `price_desc`, `title` (case and accents aside). Ties go by id. The other orders page with `page` within the first 10,000 rows; their `next_cursor` is null. */
                sort?: "newest" | "oldest" | "updated" | "price_asc" | "price_desc" | "title";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAdminPage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminCreateProperty: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PropertyCreate"];
            };
        };
        responses: {
            /** @description Created (Location header) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLargeAdmin"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminGetProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property id in the canonical 36-character UUID form (either case); any other form (`urn:uuid:…`, braces, 32 bare digits) is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PropertyNotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminUpdateProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property id in the canonical 36-character UUID form (either case); any other form (`urn:uuid:…`, braces, 32 bare digits) is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PropertyWrite"];
            };
        };
        responses: {
            /** @description The property as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PropertyNotFoundAdmin"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLargeAdmin"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminDeleteProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property id in the canonical 36-character UUID form (either case); any other form (`urn:uuid:…`, braces, 32 bare digits) is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PropertyNotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminListLeads: {
        parameters: {
            query?: {
                /** @description A property id in the canonical 36-character UUID form (either case); any other form (`urn:uuid:…`, braces, 32 bare digits) is an empty result. */
                property_id?: string;
                /** @description Page number from 1, for the first 10,000 leads the filters select: `page × per_page` above 10,000 is a 422 on `page` (go on with `cursor`). */
                page?: number;
                per_page?: number;
                status?: "novo" | "em_atendimento" | "concluido" | "descartado";
                /** @description Leads created on this day or later (America/Sao_Paulo). */
                from?: string;
                /** @description Leads created on this day or earlier (America/Sao_Paulo); before `from` is a 422. */
                to?: string;
                /** @description Keyset paging: the `next_cursor` of the previous page. Opaque; a malformed cursor or `cursor` together with `page` is a 422. */
                cursor?: string;
                /** @description A staff member's user id, `me` (the signed-in user; a 422 with an API token) or `none` (unassigned leads). */
                assigned_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadPage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminGetLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A lead's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lead */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminUpdateLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A lead's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadUpdate"];
            };
        };
        responses: {
            /** @description The lead as stored, with its timeline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminExportLeads: {
        parameters: {
            query?: {
                /** @description A property id in the canonical 36-character UUID form (either case); any other form (`urn:uuid:…`, braces, 32 bare digits) is an empty result. */
                property_id?: string;
                status?: "novo" | "em_atendimento" | "concluido" | "descartado";
                /** @description Leads created on this day or later (America/Sao_Paulo). */
                from?: string;
                /** @description Leads created on this day or earlier (America/Sao_Paulo); before `from` is a 422. */
                to?: string;
                /** @description Without `page` and `per_page` the export holds every lead the filters select (streamed); with either, one page of at most 10,000 rows, within the first 10,000. */
                page?: number;
                /** @description Without `page` and `per_page` the export holds every lead the filters select (streamed); with either, one page of at most 10,000 rows, within the first 10,000. */
                per_page?: number;
                /** @description A staff member's user id, `me` (the signed-in user; a 422 with an API token) or `none` (unassigned leads). */
                assigned_to?: string;
                /** @description `excel` (the default): what Excel in Brazilian Portuguese opens right with a double click: a UTF-8 byte order mark, `;` between cells, times as `28/11/2026 14:05` in America/Sao_Paulo, statuses and yes/no in Portuguese. `rfc4180`: the plain file for tools: `,` between cells, UTC RFC 3339 times, the API's codes (`em_atendimento`, `true`). Both have the same columns, every cell quoted, and a cell a spreadsheet could run as a formula written with a `'` before it. */
                format?: "excel" | "rfc4180";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: a header line, then a line per lead, newest first. Columns: id, criado_em, imovel_id, imovel_slug, imovel_titulo, nome, email, telefone, mensagem, entrega, status, nota, responsavel, historico (the timeline, an event a line), imovel_codigo, aceita_marketing, consentimento_em, origem, temperatura, interesse. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    getAgency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency, and the tile server of the maps. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicAgency"];
                };
            };
            304: components["responses"]["NotModified"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminGetAgency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgencyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPutAgency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgencyWrite"];
            };
        };
        responses: {
            /** @description The agency as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgencyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    setAgencyLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UserPhotoUpload"];
            };
        };
        responses: {
            /** @description The agency as stored, its logo processing (ready at once when the same file was processed before) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgencyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["PhotoTooLarge"];
            /** @description Not a JPEG, PNG or WebP (the content decides): `{"error":"Formato de arquivo não suportado. Envie fotos em JPEG, PNG ou WebP."}`; an iPhone's HEIC photo gets advice on sending a JPEG instead. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["PhotosUnavailable"];
        };
    };
    deleteAgencyLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency as stored, without an uploaded logo */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgencyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignIn"];
            };
        };
        responses: {
            /** @description Signed in: the session's token, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    /** @description vitrine_device: the device's token, when the device was not known (HttpOnly, SameSite=Strict, path /api/admin/session, 90 days). */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            401: components["responses"]["BadCredentials"];
            /** @description The right password of a deactivated account: `{"error":"Esta conta está desativada. Fale com um administrador da imobiliária."}` */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["SignInRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    addUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    removeUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            /** @description A user removing their own account, or the last active administrador: `{"error":"Você não pode remover a sua própria conta."}` or `{"error":"A imobiliária precisa de pelo menos um administrador ativo: promova outra pessoa antes."}` */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The user as changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            /** @description The last active administrador demoted or deactivated, or a user deactivating their own account: `{"error":"A imobiliária precisa de pelo menos um administrador ativo: promova outra pessoa antes."}` or `{"error":"Você não pode desativar a sua própria conta."}` */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    listUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every token (never the token itself) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenCreate"];
            };
        };
        responses: {
            /** @description Created: the token, shown this once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenCreated"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    countWhatsAppClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Received (counted, or past the limits and not counted) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["PropertyNotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    similarProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The similar listings, best first; an empty list when there is none. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PropertySummary"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["PropertyNotFound"];
            429: components["responses"]["SearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminListPhotos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photos; the first is the cover */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPhotoList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminReorderPhotos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PhotoOrder"];
            };
        };
        responses: {
            /** @description The photos in their new order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPhotoList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminAddPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PhotoUpload"];
                "application/json": components["schemas"]["PhotoAdd"];
            };
        };
        responses: {
            /** @description The photo as stored */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPhoto"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["PhotoTooLarge"];
            415: components["responses"]["PhotoUnsupported"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["PhotosUnavailable"];
        };
    };
    adminDeletePhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
                /** @description A photo id of that property; anything else is a 404, `{"error":"Foto não encontrada"}` (an unknown property: "Imóvel não encontrado"). */
                photo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminSetPhotoAlt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
                /** @description A photo id of that property; anything else is a 404, `{"error":"Foto não encontrada"}` (an unknown property: "Imóvel não encontrado"). */
                photo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PhotoAlt"];
            };
        };
        responses: {
            /** @description The photo as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPhoto"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    searchProperties: {
        parameters: {
            query?: {
                /** @description Text, trimmed: at most 100 characters and 8 words (separated by spaces). Case and accents aside, every word but the Portuguese stop words (de, da, do, e, em, na, no, para, com, a, o…) must start a word of the title, description, code, public address, neighborhood, city or subtype. */
                q?: string;
                /** @description `venda` or `aluguel`; a property for both (`venda_aluguel`) matches either. */
                business?: "venda" | "aluguel";
                /** @description Subtype slugs, any of (at most 20). Each must exist (else 422). */
                subtype?: string[];
                /** @description The city: `<city slug>-<uf in lower case>`, as `florianopolis-sc`. Must exist (else 422). */
                city?: string;
                /** @description Neighborhood slugs within `city`, any of (at most 20). Needs `city`; each must exist in that city (else 422). */
                neighborhood?: string[];
                /** @description Whole reais, inclusive: the sale price with `venda`, the monthly rent with `aluguel`; with no business, the sale price, or a rent-only property's rent. */
                price_min?: number;
                /** @description Whole reais, inclusive, as `price_min`; not below it (else 422 on `price_max`). */
                price_max?: number;
                /** @description At least this many bedrooms. */
                bedrooms?: number;
                /** @description At least this many bathrooms. */
                bathrooms?: number;
                /** @description At least this many suites. */
                suites?: number;
                /** @description At least this many parking spots. */
                parking?: number;
                /** @description m², inclusive, on `area_m2`. */
                area_min?: number;
                /** @description m², inclusive; not below `area_min` (else 422 on `area_max`). */
                area_max?: number;
                /** @description Amenity slugs, all of (at most 20). Each must exist (else 422). */
                amenity?: string[];
                /** @description `true` keeps featured properties only. */
                featured?: "true" | "false";
                /** @description Absent or `true` (the default): status `disponivel` only, the properties still on the market. `false`: every status (reserved, sold and rented too). */
                available?: "true" | "false";
                /** @description `relevance`: with `q`, best match first (a property whose code is the text first), then featured, then newest; without `q`, featured first, then newest. `newest`; `price_asc` and `price_desc` by the price the price filter compares (unknown prices last); `area_desc`. Ties end on the id. */
                sort?: "relevance" | "newest" | "price_asc" | "price_desc" | "area_desc";
                /** @description Page from 1; `page × per_page` above 10,000 is a 422 on `page`. A page past the end is empty. */
                page?: number;
                /** @description Results per page. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of results with the facets. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchPage"];
                };
            };
            304: components["responses"]["NotModified"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    searchPlaces: {
        parameters: {
            query: {
                /** @description What the visitor typed: 1 to 60 characters once trimmed. */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggestions. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaceList"];
                };
            };
            304: components["responses"]["NotModified"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPrivacyNotice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current notice. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyNotice"];
                };
            };
            304: components["responses"]["NotModified"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPrivacyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy, or the default one until it is set. ETag; If-None-Match answers 304; gzip when accepted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control-Public"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyPolicy"];
                };
            };
            304: components["responses"]["NotModified"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminGetPrivacyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyPolicyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPutPrivacyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrivacyPolicyWrite"];
            };
        };
        responses: {
            /** @description The policy as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyPolicyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPrivacyLookup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubjectRequest"];
            };
        };
        responses: {
            /** @description What is held */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subject"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPrivacyExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubjectRequest"];
            };
        };
        responses: {
            /** @description What is held, as a file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subject"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPrivacyAnonymize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubjectRequest"];
            };
        };
        responses: {
            /** @description The erasure recorded (leads may be 0) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectErasure"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminListErasures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erasures */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outbox */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailOutbox"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminGetPortalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed's address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFeed"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminRotatePortalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFeed"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminImportVRSync: {
        parameters: {
            query?: {
                /** @description `true`: report what would change; fetch and write nothing (`photos_fetched` counts the photos that would be fetched). */
                dry_run?: "true" | "false";
                /** @description `fetch` (the default): each new photo is fetched and hosted as an upload, one that cannot be fetched kept as its address with a warning; `link`: every photo kept as its address. */
                photos?: "fetch" | "link";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": string;
                "text/xml": string;
            };
        };
        responses: {
            /** @description NDJSON: an `ImportResult` per listing, then an `ImportEnd`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Another import runs: `{"error":"Já há uma importação em andamento. …"}` */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A file over 100 MB: `{"error":"O arquivo passa do tamanho máximo de 100 MB."}` */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as `application/xml` or `text/xml`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The query is invalid (`details`), or the file is refused as a whole: `error` says why, in Portuguese. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description An admin API token, which has no password: `{"error":"Recurso não encontrado"}` */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    setBrokerProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BrokerProfile"];
            };
        };
        responses: {
            /** @description The user as stored; the pages of their listings show the profile at once */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    setUserPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UserPhotoUpload"];
            };
        };
        responses: {
            /** @description The user as stored, their photo processing (ready at once when the same file was processed before) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["PhotoTooLarge"];
            /** @description Not a JPEG, PNG or WebP (the content decides): `{"error":"Formato de arquivo não suportado. Envie fotos em JPEG, PNG ou WebP."}`; an iPhone's HEIC photo gets advice on sending a JPEG instead. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["PhotosUnavailable"];
        };
    };
    deleteUserPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitations */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreate"];
            };
        };
        responses: {
            /** @description Invited; the e-mail is in the outbox */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    cancelInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new invitation (a new id) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPassword"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["SignInRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    accountLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkToken"];
            };
        };
        responses: {
            /** @description The link */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountLink"];
                };
            };
            /** @description The link opens nothing: used, replaced by another, cancelled or expired (or a deactivated user's reset): `{"error":"Este link não vale mais: já foi usado, foi substituído por outro ou expirou. Peça um novo."}` */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkUse"];
            };
        };
        responses: {
            /** @description Signed in: the session's token, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    /** @description vitrine_device, as the sign-in sets it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            409: components["responses"]["Conflict"];
            /** @description The link opens nothing: used, replaced by another, cancelled or expired (or a deactivated user's reset): `{"error":"Este link não vale mais: já foi usado, foi substituído por outro ou expirou. Peça um novo."}` */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkUse"];
            };
        };
        responses: {
            /** @description Signed in: the session's token, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    /** @description vitrine_device, as the sign-in sets it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            409: components["responses"]["Conflict"];
            /** @description The link opens nothing: used, replaced by another, cancelled or expired (or a deactivated user's reset): `{"error":"Este link não vale mais: já foi usado, foi substituído por outro ou expirou. Peça um novo."}` */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminGetPortals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed's state */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portals"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backups */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Backups"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    receivePortalLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The address's secret: the credential. */
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortalLeadInput"];
            };
        };
        responses: {
            /** @description A retry of a lead stored before: nothing stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalLeadReceived"];
                };
            };
            /** @description Lead stored */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalLeadReceived"];
                };
            };
            /** @description Not one JSON object, or without `originLeadId`, `name`, or an e-mail or phone; a text field of the wrong kind, too long, or with control characters. `{"error":"Dados inválidos","details":{…}}` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Unknown or rotated secret, as any unknown address: `{"error":"Recurso não encontrado"}` */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 32 KiB: `{"error":"Corpo da requisição muito grande"}` */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminGetPortalLeadAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFeed"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminRotatePortalLeadAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFeed"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    countShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareInput"];
            };
        };
        responses: {
            /** @description Received (counted, or past the limits and not counted) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["PropertyNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminGetOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The owner's record */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerRecord"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["OwnerForbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminPutOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OwnerRecordInput"];
            };
        };
        responses: {
            /** @description The owner's record as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerRecord"];
                };
            };
            400: components["responses"]["InvalidAdmin"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["OwnerForbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    adminAddOwnerDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["OwnerDocumentUpload"];
            };
        };
        responses: {
            /** @description The document as stored (Location: its download) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    /** @description The document's download address. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerDocument"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["OwnerForbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["DocumentUnsupported"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["DocumentsUnavailable"];
        };
    };
    adminDownloadOwnerDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
                /** @description A document id of that property; anything else is a 404, `{"error":"Documento não encontrado"}` (an unknown property: "Imóvel não encontrado"). */
                doc: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Kept by no cache, the browser's included. */
                    "Cache-Control": "private, no-store";
                    /** @description Always an attachment, with the document's name. */
                    "Content-Disposition": string;
                    "X-Content-Type-Options": "nosniff";
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description A range of the file */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Kept by no cache, the browser's included. */
                    "Cache-Control": "private, no-store";
                    /** @description Always an attachment, with the document's name. */
                    "Content-Disposition": string;
                    "X-Content-Type-Options": "nosniff";
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["OwnerForbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["DocumentsUnavailable"];
        };
    };
    adminDeleteOwnerDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
                /** @description A document id of that property; anything else is a 404, `{"error":"Documento não encontrado"}` (an unknown property: "Imóvel não encontrado"). */
                doc: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["OwnerForbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["DocumentsUnavailable"];
        };
    };
    adminDuplicateProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A property's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The copy (Location header) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAdmin"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PropertyNotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    visitSlots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The free slots */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitSlots"];
                };
            };
            404: components["responses"]["PropertyNotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    bookVisit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitInput"];
            };
        };
        responses: {
            /** @description Visit booked */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitBooked"];
                };
            };
            404: components["responses"]["PropertyNotFound"];
            /** @description Another visitor booked the slot first (the database decides, whichever instance answers): `{"error":"Este horário acabou de ser reservado","details":{"starts_at":["Este horário já está reservado. Escolha outro."]}}` */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["ContactRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    visitLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitToken"];
            };
        };
        responses: {
            /** @description The visit, and the free slots it may move to */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitLink"];
                };
            };
            /** @description The link opens no visit that can change: unknown, anonymised, cancelled already or past: `{"error":"Recurso não encontrado"}` */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelVisit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitToken"];
            };
        };
        responses: {
            /** @description The visit, cancelled */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitLink"];
                };
            };
            /** @description The link opens no visit that can change: unknown, anonymised, cancelled already or past: `{"error":"Recurso não encontrado"}` */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["ContactRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    rescheduleVisit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitReschedule"];
            };
        };
        responses: {
            /** @description The visit at its new time */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitLink"];
                };
            };
            /** @description The link opens no visit that can change: unknown, anonymised, cancelled already or past: `{"error":"Recurso não encontrado"}` */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another visitor booked the slot first (the database decides, whichever instance answers): `{"error":"Este horário acabou de ser reservado","details":{"starts_at":["Este horário já está reservado. Escolha outro."]}}` */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["ContactRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getVisitHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hours */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitHours"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    putVisitHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's id; anything else is a 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitHoursInput"];
            };
        };
        responses: {
            /** @description The hours as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitHours"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFoundAdmin"];
            413: components["responses"]["TooLargeAdmin"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InvalidAdmin"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    createSavedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedSearchInput"];
            };
        };
        responses: {
            /** @description Accepted: a confirmation e-mail is on its way, unless the e-mail already had this search or its 10 */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearchAccepted"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmSavedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedSearchToken"];
            };
        };
        responses: {
            /** @description The search */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            404: components["responses"]["SavedSearchLinkNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    manageSavedSearches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedSearchToken"];
            };
        };
        responses: {
            /** @description The e-mail and its searches */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearchList"];
                };
            };
            404: components["responses"]["SavedSearchLinkNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    setSavedSearchFrequency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedSearchFrequency"];
            };
        };
        responses: {
            /** @description The search */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            404: components["responses"]["SavedSearchLinkNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteSavedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedSearchChange"];
            };
        };
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["SavedSearchLinkNotFound"];
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    savedSearchUnsubscribePage: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `/alertas/gerenciar?token=…` */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    unsubscribeSavedSearch: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
                "multipart/form-data": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
                "application/json": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
            };
        };
        responses: {
            /** @description The search, unsubscribed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            404: components["responses"]["SavedSearchLinkNotFound"];
            413: components["responses"]["TooLargePublic"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminSavedSearchStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control-No-Store"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearchStats"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthRateLimited"];
            500: components["responses"]["InternalAdmin"];
            503: components["responses"]["UnavailableAdmin"];
        };
    };
    sendFavorites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FavoriteMailInput"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearchAccepted"];
                };
            };
            413: components["responses"]["TooLargePublic"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["SavedSearchRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
}
