import { describe, expect, it } from 'vitest'
import { getEmbedUrl, type EmbedResult } from './embed'

/*
 * URL vectors taken from the test suites of public video-URL parsers, with what
 * getEmbedUrl must answer for each. The parsers return an id; here the expected
 * value is the embed address built from that id (spec 4.4), or 'unknown' where
 * the address cannot be played in a frame on the detail page: playlists,
 * channels, users, searches, retired players (Flash `/v/`, `moogaloop.swf`),
 * thumbnails, other platforms, hosts we do not accept, protocol-relative
 * (`//host/…`) addresses and pasted markup.
 *
 * Each group names the repository and file it comes from. Where a suite uses a
 * placeholder that is not a real id shape (get-video-id's `ABC1230`, a
 * 7-character "YouTube id"), the vector is kept verbatim once to show it is
 * refused, and otherwise the placeholder is replaced by a real id from the same
 * file (`G-3YxlZIhus`), so that the address shape itself is what is tested.
 */

const youtube = (id: string): EmbedResult => ({ type: 'youtube', embedUrl: `https://www.youtube.com/embed/${id}` })
const vimeo = (id: string, hash?: string): EmbedResult => ({
  type: 'vimeo',
  embedUrl: `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`,
})
/** The input itself, trimmed: embed/player addresses in the spec's form and direct files. */
const SAME_YOUTUBE = 'same-youtube'
const SAME_VIMEO = 'same-vimeo'
const SAME_DIRECT = 'same-direct'
type Same = typeof SAME_YOUTUBE | typeof SAME_VIMEO | typeof SAME_DIRECT
const unknown: EmbedResult = { type: 'unknown', embedUrl: null }

type Vector = [input: string, expected: EmbedResult | Same]

const G = 'G-3YxlZIhus'

// radiovisual/get-video-id — __tests__/youtube.test.js
const getVideoIdYouTube: Vector[] = [
  ['<iframe width="560" height="315" src="https://www.youtube.com/embed/1234" frameborder="0" allowfullscreen></iframe>', unknown],
  [`https://youtube.com/shorts/${G}?i=4`, youtube(G)],
  [`https://www.youtube.com/shorts/${G}?i=4`, youtube(G)],
  ['https://youtube.com/shorts/123?i=4', unknown], // verbatim: 3-character placeholder
  ['youtube://1234', unknown], // not http(s)
  [`https://youtu.be/${G}`, youtube(G)],
  [`http://youtu.be/${G}?feature=youtube_gdata_player`, youtube(G)],
  ['https://youtu.be/ABC12302', unknown], // verbatim: 8-character placeholder
  [`http://y2u.be/${G}`, unknown], // third-party shortener
  [`http://www.youtube.com/ytscreeningroom?v=${G}`, unknown], // retired page
  ['https://www.youtube.com/watch?v=ABC12301', unknown], // verbatim: 8-character placeholder
  [`http://www.youtube.com/watch?v=${G}&list=abc123&index=2&feature=plpp_video`, youtube(G)],
  [`http://www.youtube.com/watch?v=${G}&feature=channel`, youtube(G)],
  [`http://www.youtube.com/watch?v=${G}&playnext_from=TL&videos=abc123&feature=sub`, youtube(G)],
  [`http://youtube.com/?v=${G}&feature=youtube_gdata_player`, youtube(G)],
  [`http://youtube.com/?vi=${G}&feature=youtube_gdata_player`, unknown], // `vi` is no YouTube parameter
  [`http://youtube.com/watch?v=${G}&feature=youtube_gdata_player`, youtube(G)],
  [`http://youtube.com/watch?vi=${G}&feature=youtube_gdata_player`, unknown],
  [`http://www.youtube.com/watch?v=${G}&feature=youtu.be`, youtube(G)],
  [`http://www.youtube.com/v/${G}`, unknown], // Flash player, retired
  [`http://youtube.com/vi/${G}?feature=youtube_gdata_player`, unknown],
  [`https://i.ytimg.com/vi/0okagl9U2eo/hqdefault.jpg`, unknown], // a thumbnail
  [`http://www.youtube.com/watch/${G}`, unknown],
  [`https://www.youtube.com/e/${G}`, unknown], // Flash player, retired
  [`www.youtube.com/e/${G}`, unknown],
  ['i.ytimg.com/an_webp/MYDcdp-VNmQ/mqdefault_6s.webp', unknown],
  [`https://www.youtube.com/embed/${G}`, SAME_YOUTUBE],
  [`www.youtube-nocookie.com/embed/${G}?rel=0`, { type: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${G}` }],
  [`http://www.youtube.com/embed/${G}?rel=0`, youtube(G)],
  [`http://www.youtube.com/user/username#p/u/1/${G}`, unknown], // retired channel page; the fragment never reaches YouTube
  [`https://youtube.com/user/WMFinland#p/a/u/1/${G}`, unknown],
  ['https://www.youtube.com/user/ThreeDaysGraceVideos', unknown],
  ['https://www.youtube.com/user/ThreeDaysGraceVideos/videos', unknown],
  [`http://www.youtube-nocookie.com/ytscreeningroom?v=${G}`, unknown],
  [`http://www.youtube-nocookie.com/v/${G}`, unknown],
  [`https://www.youtube-nocookie.com/embed/${G}`, SAME_YOUTUBE],
  [`http://www.youtube.com/attribution_link?u=%2Fwatch%3Fv%3D${G}%26feature%3Dshare&a=JdfC0C9V6ZI`, youtube(G)],
  [`https://www.youtube.com/attribution_link?a=JdfC0C9V6ZI&u=%2Fwatch%3Fv%3D${G}%26feature%3Dshare`, youtube(G)],
  [
    `http://www.youtube.com/attribution_link?u=/watch?v=${G}&feature=share&list=UUsnCjinFcybOuyJU1NFOJmg&a=LjnCygXKl21WkJdyKu9O-w`,
    youtube(G),
  ],
  [`http://www.youtube.com/attribution_link?a=fF1CWYwxCQ4&feature=em-uploademail&u=/watch?v=${G}`, youtube(G)],
  [`https://www.youtube.com/live/${G}`, youtube(G)],
  [`www.youtube-nocookie.com/live/${G}?feature=share`, unknown], // the no-cookie host serves embeds only
  [`http://www.youtube.com/live/${G}?feature=share`, youtube(G)],
  ['https://www.youtube.com', unknown],
  ['https://www.youtube.com/watch?v=G-3YxlZIhus#t=0m10s', youtube(G)],
  ['http://youtu.be/G-3YxlZIhus&feature=channel', unknown], // "&" without "?": the path is not an id
  ['http://youtube.com/vi/G-3YxlZIhus&feature=channel', unknown],
]

// radiovisual/get-video-id — __tests__/vimeo.test.js
const getVideoIdVimeo: Vector[] = [
  ['https://player.vimeo.com/video/123450987', SAME_VIMEO],
  ['https://vimeo.com/1230897', vimeo('1230897')],
  ['https://vimeo.com/140542479#t=0m3s', vimeo('140542479')],
  ['https://player.vimeo.com/video/176337266?color=ffffff&title=0&byline=0&portrait=0&badge=0', SAME_VIMEO],
  ['https://player.vimeo.com/video/123450987#t=0m3s', SAME_VIMEO],
  ['https://vimeo.com/123450987/randomhash', unknown], // "randomhash" is no hexadecimal unlisted hash
  [
    '<iframe src="https://player.vimeo.com/video/97682350" width="500" height="281" frameborder="0" webkitallowfullscreen mozallowfullscreen allowfullscreen></iframe>',
    unknown,
  ],
  ['https://www.vimeo.com/187191771', vimeo('187191771')],
  ['https://www.player.vimeo.com/video/123450987', unknown], // no such host
  ['https://vimeo.com/channels/1234', unknown], // a channel
  ['https://vimeo.com/channels/yourchannel/12345', vimeo('12345')],
  ['https://vimeo.com/groups/name/videos/123456', vimeo('123456')],
  ['https://vimeo.com/album/album_id/video/1234567', vimeo('1234567')],
  ['http://vimeo.com/name.swf?clip_id=1234&server=vimeo.com&show_title=0&show_byline=0&show_portrait=0&color=00adef&fullscreen=1', unknown],
  ['https://vimeo.com/name.swf?clip_id=1234', unknown],
  ['https://vimeo.com/event/12345', unknown], // a live event, not a clip
  ['https://www.vimeo.co', unknown],
  [
    'https://www.google.cz/url?sa=t&rct=j&q=&esrc=s&source=web&cd=2&ved=0ahUKEwiz9P3Aw5DVAhUDZVAKHcegCi8QuAIINDAB&url=https%3A%2F%2Fvimeo.com%2F35652044&usg=AFQjCNG0kTPdL8nC6zCi2QoZ1KVeTXH-pw',
    unknown,
  ],
]

// Zod-/jsVideoUrlParser — lib/provider/youtube.test.js
const jsVideoUrlParserYouTube: Vector[] = [
  ['http://www.youtube.com/watch?v=HRb7B9fPhfA', youtube('HRb7B9fPhfA')],
  ['http://youtu.be/HRb7B9fPhfA', youtube('HRb7B9fPhfA')],
  ['https://m.youtube.com/details?v=HRb7B9fPhfA', unknown], // retired mobile page
  ['http://www.youtube.com/watch?v=HRb7B9fPhfA#t=30s', youtube('HRb7B9fPhfA')],
  ['http://www.youtube.com/watch?v=HRb7B9fPhfA&t=30s', youtube('HRb7B9fPhfA')],
  ['http://youtu.be/HRb7B9fPhfA?t=30s', youtube('HRb7B9fPhfA')],
  ['http://youtu.be/HRb7B9fPhfA#t=30s', youtube('HRb7B9fPhfA')],
  ['//youtube.com/embed/HRb7B9fPhfA?start=30', unknown], // protocol-relative
  ['https://youtube.com/embed/HRb7B9fPhfA?start=30', SAME_YOUTUBE], // its embed format, with the scheme
  ['//youtube.com/embed/HRb7B9fPhfA?loop=1&list=HRb7B9fPhfA&start=30', unknown],
  ['http://www.youtube.com/watch?v=yQaAGmHNn9s&list=PL46F0A159EC02DF82#t=1m40', youtube('yQaAGmHNn9s')],
  ['http://www.youtube.com/watch?v=yQaAGmHNn9s&list=PL46F0A159EC02DF82&t=1m40', youtube('yQaAGmHNn9s')],
  ['https://www.youtube.com/watch?v=6xLcSTDeB7A&list=PL46F0A159EC02DF82&index=25', youtube('6xLcSTDeB7A')],
  ['https://www.youtube.com/watch?v=6xLcSTDeB7A&index=25&list=PL46F0A159EC02DF82#t=1m40', youtube('6xLcSTDeB7A')],
  ['http://www.youtube.com/embed/videoseries?list=PL46F0A159EC02DF82', unknown], // a playlist
  ['http://www.youtube.com/playlist?list=PL46F0A159EC02DF82', unknown],
  ['//youtube.com/embed?list=PL46F0A159EC02DF82&listType=playlist', unknown],
  ['https://youtube.com/embed?list=PL46F0A159EC02DF82&listType=playlist', unknown],
  ['https://gdata.youtube.com/feeds/api/videos/HRb7B9fPhfA/related', unknown], // retired API
  ['https://gdata.youtube.com/feeds/api/videos/HRb7B9fPhfA', unknown],
  ['https://www.youtube.com/v/HRb7B9fPhfA', unknown],
  ['https://i.ytimg.com/vi/HRb7B9fPhfA/0.jpg', unknown],
  ['https://img.youtube.com/vi/HRb7B9fPhfA/maxresdefault.jpg', unknown],
  ['https://www.youtube.com/shared?ci=E14kBrDEvYo', unknown],
  ['https://youtube.com', unknown],
  ['https://youtu.be/', unknown],
]

// Zod-/jsVideoUrlParser — lib/provider/vimeo.test.js
const jsVideoUrlParserVimeo: Vector[] = [
  ['https://vimeo.com', unknown],
  ['https://vimeo.com/97276391', vimeo('97276391')],
  ['https://vimeo.com/channels/staffpicks/97276391', vimeo('97276391')],
  ['//player.vimeo.com/video/97276391', unknown], // protocol-relative
  ['https://vimeo.com/album/2903155/video/96186586', vimeo('96186586')],
  ['https://vimeo.com/groups/shortfilms/videos/97688625', vimeo('97688625')],
  ['https://vimeo.com/groups/1minute/videos/97688625', vimeo('97688625')],
  ['http://vimeopro.com/staff/frame/video/24069938', unknown], // another host
  ['https://vimeo.com/36881035#t=3m28s', vimeo('36881035')],
  ['https://player.vimeo.com/video/36881035#t=3m28s', SAME_VIMEO],
]

// cookpete/react-player — test/specs/canPlay.js, test/canPlay.js, test/patterns.js
const reactPlayer: Vector[] = [
  ['youtube.com/watch?v=12345678901', youtube('12345678901')],
  ['www.youtube.com/watch?v=12345678901', youtube('12345678901')],
  ['//www.youtube.com/watch?v=12345678901', unknown],
  ['https://www.youtube.com/watch?v=12345678901', youtube('12345678901')],
  ['http://www.youtube.com/watch?v=12345678901', youtube('12345678901')],
  ['https://youtube.com/watch?v=12345678901', youtube('12345678901')],
  ['http://youtu.be/12345678901', youtube('12345678901')],
  ['https://www.youtube.com/watch?v=1234', unknown],
  ['http://soundcloud.com/artist-name/title-name', unknown],
  ['vimeo.com/1234', vimeo('1234')],
  ['//vimeo.com/1234', unknown],
  ['http://vimeo.com/1234', vimeo('1234')],
  ['https://vimeo.com/1234', vimeo('1234')],
  ['https://www.vimeo.com/1234', vimeo('1234')],
  ['https://vimeo.com/ondemand/tinact/84954874', unknown], // paid On Demand page: the player asks for a purchase
  ['https://vimeo.com/channels/staffpicks/40004005', vimeo('40004005')],
  ['https://vimeo.com/groups/motion/videos/73234721', vimeo('73234721')],
  ['https://vimeo.com/album/3953264/video/166790294', vimeo('166790294')],
  ['https://player.vimeo.com/video/40004005', SAME_VIMEO],
  ['https://fast.wistia.com/medias/e4a27b971d', unknown],
  ['https://www.twitch.tv/videos/106400740', unknown],
  ['http://example.com/file.mp4', SAME_DIRECT],
  ['http://example.com/file.webm', SAME_DIRECT],
  ['http://example.com/file.ogg', unknown], // spec 4.4 plays .mp4 and .webm only
  ['http://example.com/file.ogv', unknown],
  ['http://example.com/file.mp3', unknown],
  ['http://example.com/file.wav', unknown],
  ['http://example.com/file.mp5', unknown],
  ['http://example.com/file.web', unknown],
  ['http://example.com/file.txt', unknown],
  ['https://example.com/movie.mp4#t=10.5', SAME_DIRECT],
  ['https://example.com/movie.mp4#chapter=1', SAME_DIRECT],
  ['https://example.com/movie.mp4?token=abc#t=10.5', SAME_DIRECT],
  ['https://example.com/movie.mp4x#t=10', unknown],
  ['https://example.com/live.m3u8#t=10.5', unknown],
  ['https://example.com/movie.mpd#t=258', unknown],
  ['https://example.com/audio.mp3#t=5', unknown],
]

// yt-dlp/yt-dlp — yt_dlp/extractor/youtube/_video.py (YoutubeIE._TESTS)
const ytDlpYouTube: Vector[] = [
  ['https://www.youtube.com/watch?v=BaW_jenozKc&t=1s&end=9', youtube('BaW_jenozKc')],
  ['//www.YouTube.com/watch?v=yZIXLfi8CZQ', unknown], // protocol-relative
  ['https://www.youtube.com/watch?v=BaW_jenozKc&v=yZIXLfi8CZQ', youtube('BaW_jenozKc')], // the first id wins
  ['https://www.youtube.com/watch?v=a9LDPn-MO4I', youtube('a9LDPn-MO4I')],
  ['https://youtube.com/watch?v=HtVdAasjOgU', youtube('HtVdAasjOgU')],
  ['__2ABJjxzNo', unknown], // a bare id is no address
  ['https://www.youtube.com/watch?v=_b-2C3KPAM0', youtube('_b-2C3KPAM0')],
  ['https://www.youtube.com/embed/CsmdDsKjzN8', SAME_YOUTUBE],
  ['https://vid.plus/FlRa-iH7PGw', unknown],
  ['https://zwearz.com/watch/9lWxNJF-ufM/electra-woman-dyna-girl-official-trailer-grace-helbig.html', unknown],
  ['https://www.youtube.com/watch?feature=player_embedded&amp;amp;v=V36LpHqtcDY', unknown], // HTML-escaped: YouTube sees no v
  ['https://invidio.us/watch?v=BaW_jenozKc', unknown],
  ['https://redirect.invidious.io/Yh0AhrY9GjA', unknown],
  ['https://music.youtube.com/watch?v=MgNrAu2pzNs', youtube('MgNrAu2pzNs')],
  ['https://www.youtubekids.com/watch?v=3b8nCWDgZ6Q', unknown], // a host we do not accept
  ['https://www.youtube.com/watch_popup?v=63RmMXCd_bQ', youtube('63RmMXCd_bQ')],
  ['https://www.youtube.com/shorts/BGQWPY4IigY', youtube('BGQWPY4IigY')],
  ['https://www.youtube.com/live/qVv6vCqciTM', youtube('qVv6vCqciTM')],
  ['https://www.youtube.com/shorts/18NGQq7p3LY', youtube('18NGQq7p3LY')],
  ['https://www.youtube.com/watch?v=jfKfPfyJRdk', youtube('jfKfPfyJRdk')],
]

// yt-dlp/yt-dlp — test/test_all_urls.py
const ytDlpAllUrls: Vector[] = [
  ['https://www.youtube.com/AsapSCIENCE', unknown],
  ['https://www.youtube.com/embedded', unknown],
  ['https://www.youtube.com/playlist?list=UUBABnxM4Ar9ten8Mdjj1j0Q', unknown],
  ['https://www.youtube.com/course?list=ECUl4u3cNGP61MdtwGTqZA0MreSaDybji8', unknown],
  ['https://www.youtube.com/playlist?list=MCUS.20142101', unknown],
  // yt-dlp reads this as the playlist; a frame plays the video it names.
  ['https://www.youtube.com/watch?v=AV6J6_AeFEQ&playnext=1&list=PL4023E734DA416012', youtube('AV6J6_AeFEQ')],
  ['PLtS2H6bU1M', unknown],
  ['http://youtu.be/BaW_jenozKc', youtube('BaW_jenozKc')],
  ['http://www.youtube.com/v/BaW_jenozKc', unknown], // "/v/ is no longer valid"
  ['https://youtube.googleapis.com/v/BaW_jenozKc', unknown],
  ['http://www.cleanvideosearch.com/media/action/yt/watch?videoId=8v_4O44sfjM', unknown],
  ['https://www.youtube.com/channel/HCtnHdj3df7iM', unknown],
  ['https://www.youtube.com/channel/HCtnHdj3df7iM?feature=gb_ch_rec', unknown],
  ['https://www.youtube.com/channel/HCtnHdj3df7iM/videos', unknown],
  ['http://www.youtube.com/NASAgovVideo/videos', unknown],
  ['https://www.youtube.com/feed/library', unknown],
  ['https://www.youtube.com/feed/watch_later', unknown],
  ['http://www.youtube.com/results?search_query=making+mustard', unknown],
  ['https://vimeo.com/channels/tributes', unknown],
  ['https://vimeo.com/channels/31259', unknown],
  ['https://vimeo.com/channels/31259/53576664', vimeo('53576664')],
  ['https://vimeo.com/user7108434', unknown],
  ['https://vimeo.com/user7108434/videos', unknown],
  ['https://vimeo.com/user21297594/review/75524534/3c257a1b5d', unknown], // review page: its hash is not the player's
]

// yt-dlp/yt-dlp — yt_dlp/extractor/vimeo.py (VimeoIE and the list extractors' _TESTS)
const ytDlpVimeo: Vector[] = [
  ['http://vimeo.com/56015672#at=0', vimeo('56015672')],
  ['https://player.vimeo.com/video/54469442', SAME_VIMEO],
  ['http://vimeo.com/68375962', vimeo('68375962')],
  ['http://vimeo.com/channels/keypeele/75629013', vimeo('75629013')],
  ['http://vimeo.com/76979871', vimeo('76979871')],
  ['https://player.vimeo.com/video/98044508', SAME_VIMEO],
  ['https://vimeo.com/33951933', vimeo('33951933')],
  ['https://vimeo.com/channels/tributes/6213729', vimeo('6213729')],
  ['http://vimeo.com/moogaloop.swf?clip_id=2539741', unknown], // Flash player, retired
  ['https://vimeo.com/109815029', vimeo('109815029')],
  ['https://vimeo.com/groups/travelhd/videos/22439234', vimeo('22439234')],
  ['https://vimeo.com/album/2632481/video/79010983', vimeo('79010983')],
  ['https://vimeo.com/showcase/3253534/video/119195465', vimeo('119195465')],
  ['https://vimeo.com/160743502/abd0e13fb4', vimeo('160743502', 'abd0e13fb4')],
  ['https://vimeo.com/392479337/a52724358e', vimeo('392479337', 'a52724358e')],
  ['https://vimeo.com/581039021/9603038895', vimeo('581039021', '9603038895')], // the id is the first number
  ['https://player.vimeo.com/video/756714419', SAME_VIMEO],
  ['https://vimeo.com/144579403/ec02229140', vimeo('144579403', 'ec02229140')],
  ['https://vimeo.com/user26785108/newspiritualguide', unknown], // an alias only Vimeo can resolve
  ['https://vimeo.com/ondemand/thelastcolony/150274832', unknown],
  ['https://vimeo.com/nkistudio/videos', unknown],
  ['https://vimeo.com/nkistudio/', unknown],
  ['https://vimeo.com/album/2632481', unknown], // an album (playlist)
  ['https://vimeo.com/showcase/10677689/embed', unknown],
  ['https://vimeo.com/showcase/11803104/embed2', unknown],
  ['https://vimeo.com/showcase/BethelTally-Homegoing-Services', unknown],
  ['https://vimeo.com/groups/meetup', unknown],
  ['https://vimeo.com/user170863801/review/996447483/a316d6ed8d', unknown],
  ['https://vimeo.com/watchlater', unknown],
  ['https://vimeo.com/user755559/likes/', unknown],
  ['https://player.vimeo.com/video/505682113', SAME_VIMEO],
]

// vimeo/player.js — test/functions-test.js, test/embed-test.js
const vimeoPlayerJs: Vector[] = [
  ['https://vimeo.com', unknown],
  ['http://www.vimeo.com', unknown],
  ['https://player.vimeo.com/video/123', SAME_VIMEO],
  ['https://vimeo.com/445351154', vimeo('445351154')],
  ['http://vimeo.com/445351154', vimeo('445351154')],
  ['http://player.subdomain.videoji.cn/video/12345?h=a1b2c3d4', unknown], // regional player hosts are not accepted
  ['https://player.subdomain.vimeo.work/video/76979871?h=8272103f6e', unknown],
  ['https://player.subdomain.videoji.hk/video/76979871?h=8272103f6e', unknown],
  ['https://notvimeo.com', unknown],
  ['https://vimeo.someone.com', unknown],
  ['https://vimeo.com.evil.net', unknown],
  ['http://player.vimeo.com.evil.com', unknown],
  ['https://player.vimeozcom', unknown],
  ['https://www2vimeo.com', unknown],
  ['https://player.vimeo.com/video/76979871?h=8272103f6e', SAME_VIMEO],
  ['https://player.vimeo.com/video/76979871', SAME_VIMEO],
  ['http://player.vimeo.com/video/76979871?h=8272103f6e', vimeo('76979871', '8272103f6e')], // rebuilt as https:
  ['http2://not-vimeo.com/video/76979871', unknown],
  ['https://player.vimeo.com/445351154', unknown], // no "/video/"
]

// Vimeo's direct file links (the `files[].link` addresses its API hands out, as
// they appear in public pages' <video src>): a file served from the player host.
const vimeoFiles: Vector[] = [
  [
    'https://player.vimeo.com/external/158148793.hd.mp4?s=8e8741dbee251d5c35a759718d4b0976fbf38b6f&profile_id=119&oauth2_token_id=57447761',
    SAME_DIRECT,
  ],
  ['https://player.vimeo.com/external/403733771.sd.mp4?s=d40ab8ecf526f8f8d5f4fefbd3fad43ba6f8b917&profile_id=139', SAME_DIRECT],
  [
    'https://player.vimeo.com/progressive_redirect/playback/914803778/rendition/1080p/file.mp4?loc=external&log_user=0&signature=5344c0e4fea63ca54bb433621ca0be7b9470b475583fa68b26de2b6e380a390a',
    SAME_DIRECT,
  ],
  ['https://player.vimeo.com/external/459995615.m3u8?s=f297dd991e728ff03e6c4119f9f0d10f23307d26', unknown], // HLS
  ['player.vimeo.com/external/158148793.hd.mp4?s=8e8741dbee251d5c35a759718d4b0976fbf38b6f', unknown], // direct files need a scheme
  ['https://player.vimeo.com:8443/external/158148793.hd.mp4', unknown],
]

// Vitrine's own: embed addresses in the spec's form (returned unchanged, with or
// without "www."), reserved words in id position and page words that are no video.
const ownYouTube: Vector[] = [
  ['https://youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', SAME_YOUTUBE],
  ['https://youtube.com/embed/dQw4w9WgXcQ', SAME_YOUTUBE],
  ['https://m.youtube.com/embed/dQw4w9WgXcQ', youtube('dQw4w9WgXcQ')], // not an embed host: rebuilt
  ['https://youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ', unknown],
  ['https://www.youtube.com/embed/live_stream?channel=UCSJ4gkVC6NrvII8umztf0Ow', unknown], // a channel's live slot
  ['https://www.youtube.com/watch?v=live_stream', unknown],
  ['https://youtu.be/videoseries', unknown],
  ['https://www.youtube.com/watch', unknown],
  ['https://www.youtube.com/playlist', unknown],
  ['https://www.youtube.com/c/Imobiliaria', unknown],
  ['https://www.youtube.com/c/ImobiliariaX', unknown], // 11 characters after /c/
  ['https://www.youtube.com/user/Imobiliaria', unknown],
  ['https://www.youtube.com/shorts/', unknown],
  ['https://www.youtube.com/attribution_link?u=//evil.example/watch?v=G-3YxlZIhus', unknown],
  ['https://www.youtube.com/attribution_link?u=https://evil.example/watch?v=G-3YxlZIhus', unknown],
  ['https://www.youtube.com/attribution_link?u=/%5Cevil.example/watch?v=G-3YxlZIhus', unknown],
  ['https://www.youtube.com/attribution_link?u=/channel/UCSJ4gkVC6NrvII8umztf0Ow', unknown],
]

const VECTORS: Array<[source: string, vectors: Vector[]]> = [
  ['radiovisual/get-video-id __tests__/youtube.test.js', getVideoIdYouTube],
  ['radiovisual/get-video-id __tests__/vimeo.test.js', getVideoIdVimeo],
  ['Zod-/jsVideoUrlParser lib/provider/youtube.test.js', jsVideoUrlParserYouTube],
  ['Zod-/jsVideoUrlParser lib/provider/vimeo.test.js', jsVideoUrlParserVimeo],
  ['cookpete/react-player test/specs/canPlay.js, test/canPlay.js, test/patterns.js', reactPlayer],
  ['yt-dlp/yt-dlp yt_dlp/extractor/youtube/_video.py', ytDlpYouTube],
  ['yt-dlp/yt-dlp test/test_all_urls.py', ytDlpAllUrls],
  ['yt-dlp/yt-dlp yt_dlp/extractor/vimeo.py', ytDlpVimeo],
  ['vimeo/player.js test/functions-test.js, test/embed-test.js', vimeoPlayerJs],
  ['Vimeo file links', vimeoFiles],
  ['Vitrine: YouTube spec forms and page words', ownYouTube],
]

function expectedFor(input: string, expected: EmbedResult | Same): EmbedResult {
  if (expected === SAME_YOUTUBE) return { type: 'youtube', embedUrl: input.trim() }
  if (expected === SAME_VIMEO) return { type: 'vimeo', embedUrl: input.trim() }
  if (expected === SAME_DIRECT) return { type: 'direct', embedUrl: input.trim() }
  return expected
}

describe('getEmbedUrl over public parsers’ URL vectors', () => {
  it('has the vectors', () => {
    expect(VECTORS.reduce((n, [, v]) => n + v.length, 0)).toBeGreaterThanOrEqual(250)
  })

  describe.each(VECTORS)('%s', (_source, vectors) => {
    it.each(vectors)('%s', (input, expected) => {
      expect(getEmbedUrl(input)).toEqual(expectedFor(input, expected))
    })
  })
})
