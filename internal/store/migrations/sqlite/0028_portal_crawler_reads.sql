-- When each known portal crawler last read the feed, so that the back
-- office can tell the agency the portal really reads it. One row per
-- crawler, named by the feed package (feed.Crawler) from the request's
-- User-Agent; never the address it came from, which is personal data
-- of no use here.
CREATE TABLE portal_crawler_reads (
    crawler      TEXT PRIMARY KEY,
    last_read_at TIMESTAMP NOT NULL
);
