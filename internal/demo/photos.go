package demo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Size of a demonstration photo, in pixels: a phone photo reduced for
// the web, as agencies upload them.
const (
	PhotoWidth  = 1600
	PhotoHeight = 1200
)

// scenes are the demonstration photos: what each shows (its description,
// which is also the photo's text alternative) and how it is drawn.
var scenes = []struct {
	alt  string
	draw func(c *canvas)
}{
	{"Fachada da casa com jardim", func(c *canvas) {
		c.exterior(palette{sky: rgb(70, 130, 200), wall: rgb(236, 226, 206), roof: rgb(150, 70, 50), ground: rgb(90, 140, 70)}, false)
	}},
	{"Sala de estar com sofá e janela ampla", func(c *canvas) {
		c.interior(palette{wall: rgb(232, 224, 210), floor: rgb(160, 115, 75), accent: rgb(70, 95, 120)}, "sala")
	}},
	{"Cozinha planejada", func(c *canvas) {
		c.interior(palette{wall: rgb(240, 240, 236), floor: rgb(120, 120, 125), accent: rgb(60, 90, 80)}, "cozinha")
	}},
	{"Suíte principal com cama de casal", func(c *canvas) {
		c.interior(palette{wall: rgb(214, 222, 230), floor: rgb(175, 135, 95), accent: rgb(150, 90, 90)}, "quarto")
	}},
	{"Varanda com vista para o mar", func(c *canvas) {
		c.sea(palette{sky: rgb(95, 160, 220), wall: rgb(245, 245, 240), ground: rgb(40, 110, 160)}, true)
	}},
	{"Banheiro com revestimento claro", func(c *canvas) {
		c.interior(palette{wall: rgb(225, 232, 235), floor: rgb(190, 190, 185), accent: rgb(90, 140, 160)}, "banheiro")
	}},
	{"Área de lazer com piscina", func(c *canvas) {
		c.pool(palette{sky: rgb(80, 150, 215), wall: rgb(220, 205, 180), ground: rgb(40, 160, 200)})
	}},
	{"Vista do pôr do sol", func(c *canvas) {
		c.sea(palette{sky: rgb(240, 140, 80), wall: rgb(60, 40, 60), ground: rgb(60, 70, 120)}, false)
	}},
	{"Quarto com armários planejados", func(c *canvas) {
		c.interior(palette{wall: rgb(238, 230, 220), floor: rgb(140, 100, 70), accent: rgb(110, 130, 90)}, "quarto")
	}},
	{"Garagem coberta", func(c *canvas) {
		c.exterior(palette{sky: rgb(150, 170, 190), wall: rgb(160, 160, 160), roof: rgb(80, 80, 85), ground: rgb(110, 110, 110)}, true)
	}},
	{"Fachada ao entardecer", func(c *canvas) {
		c.exterior(palette{sky: rgb(230, 150, 110), wall: rgb(210, 190, 170), roof: rgb(90, 60, 50), ground: rgb(70, 100, 60)}, false)
	}},
	{"Sala de jantar integrada", func(c *canvas) {
		c.interior(palette{wall: rgb(226, 216, 196), floor: rgb(185, 150, 110), accent: rgb(120, 70, 50)}, "jantar")
	}},
}

// covers are the scenes a property's photos start from, one per property
// in turn: the cover photo is a facade, a view or a living room.
var covers = []int{0, 4, 10, 6, 7, 1, 11}

// photoScene is the scene of photo k of demonstration property i: from
// the property's cover, every fifth scene, so that no property shows a
// scene twice (five and len(scenes) have no common divisor).
func photoScene(i, k int) int { return (covers[i%len(covers)] + 5*k) % len(scenes) }

// Photo is demonstration photo n (0 ≤ n < PhotoCount) as a JPEG of
// PhotoWidth × PhotoHeight, the same bytes for the same n, and its
// description. It is drawn, not stored: gradients, shapes and grain, with
// the detail of a photograph, so that its files weigh what a real
// photo's do. Each is drawn once per process and kept (some 5 MB for
// all): a process that loads the demo more than once, as tests do, draws
// them once.
func Photo(n int) ([]byte, string, error) {
	d := &drawnPhotos[n]
	d.once.Do(func() { d.data, d.err = draw(n) })
	return d.data, scenes[n].alt, d.err
}

// drawnPhotos are the photos drawn so far.
var drawnPhotos = make([]struct {
	once sync.Once
	data []byte
	err  error
}, len(scenes))

// draw draws photo n and encodes it.
func draw(n int) ([]byte, error) {
	s := scenes[n]
	c := newCanvas(PhotoWidth, PhotoHeight, uint64(n)+1)
	s.draw(c)
	c.grain(7)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c.img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PhotoCount is how many demonstration photos there are.
func PhotoCount() int { return len(scenes) }

// Uploader takes an uploaded photo, as the media service does for the
// back office (media.Service.Upload).
type Uploader interface {
	Upload(ctx context.Context, propertyID string, r io.Reader, alt string, by listing.Actor) (listing.Photo, error)
}

// UploadPhotos gives the demonstration properties that have no photo
// their photos, drawn here and uploaded through up as the back office's
// uploads are: the media service checks and stores them, and its workers
// make their variants later. Properties share the photos (the media
// service keeps and processes one copy of a file). It returns how many
// photos it uploaded.
func UploadPhotos(ctx context.Context, s *store.Store, up Uploader) (int, error) {
	page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 100})
	if err != nil {
		return 0, err
	}
	counts := map[string]int{}
	order := map[string]int{}
	for i, it := range catalogueItems() {
		counts[it.code], order[it.code] = it.nPhotos, i
	}
	uploaded := 0
	for _, item := range page.Items {
		p, err := s.Property(ctx, item.ID)
		if err != nil {
			return uploaded, err
		}
		i, ok := order[p.Code]
		if !ok || len(p.Photos) > 0 {
			continue
		}
		for k := range counts[p.Code] {
			if err := ctx.Err(); err != nil {
				return uploaded, err
			}
			data, alt, err := Photo(photoScene(i, k))
			if err != nil {
				return uploaded, err
			}
			if _, err := up.Upload(ctx, p.ID, bytes.NewReader(data), alt, listing.Actor{}); err != nil {
				return uploaded, fmt.Errorf("demo photo of %s: %w", p.Code, err)
			}
			uploaded++
		}
	}
	if uploaded == 0 && len(page.Items) == 0 {
		return 0, errors.New("demo photos: the catalogue is empty")
	}
	return uploaded, nil
}

// palette is a scene's colours.
type palette struct {
	sky, wall, roof, ground, floor, accent color.RGBA
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// canvas draws on an RGBA image with a seeded random source.
type canvas struct {
	img  *image.RGBA
	w, h int
	r    *rand.Rand
}

func newCanvas(w, h int, seed uint64) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), w: w, h: h, r: rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15))}
}

// mix is a + (b − a)·t.
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = max(0, min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// shade is c lightened (f > 0) or darkened (f < 0) by the fraction f.
func shade(c color.RGBA, f float64) color.RGBA {
	if f >= 0 {
		return mix(c, rgb(255, 255, 255), f)
	}
	return mix(c, rgb(0, 0, 0), -f)
}

func (c *canvas) set(x, y int, col color.RGBA) {
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+4 : i+4]
	p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 255
}

// blend lays col over the pixel at x, y with opacity a.
func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+3 : i+3]
	p[0] = uint8(float64(p[0]) + (float64(col.R)-float64(p[0]))*a)
	p[1] = uint8(float64(p[1]) + (float64(col.G)-float64(p[1]))*a)
	p[2] = uint8(float64(p[2]) + (float64(col.B)-float64(p[2]))*a)
}

// gradient fills r with a vertical gradient from top to bottom.
func (c *canvas) gradient(r image.Rectangle, top, bottom color.RGBA) {
	r = r.Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		col := mix(top, bottom, float64(y-r.Min.Y)/float64(max(1, r.Dy()-1)))
		for x := r.Min.X; x < r.Max.X; x++ {
			c.set(x, y, col)
		}
	}
}

// hgradient fills r with a horizontal gradient from left to right.
func (c *canvas) hgradient(r image.Rectangle, left, right color.RGBA) {
	r = r.Intersect(c.img.Rect)
	for x := r.Min.X; x < r.Max.X; x++ {
		col := mix(left, right, float64(x-r.Min.X)/float64(max(1, r.Dx()-1)))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			c.set(x, y, col)
		}
	}
}

func (c *canvas) fill(r image.Rectangle, col color.RGBA) { c.gradient(r, col, col) }

// glow lightens a disc around (cx, cy) of radius rad toward col, most at
// its centre.
func (c *canvas) glow(cx, cy, rad int, col color.RGBA, strength float64) {
	r := image.Rect(cx-rad, cy-rad, cx+rad, cy+rad).Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			d := math.Hypot(float64(x-cx), float64(y-cy)) / float64(rad)
			if d < 1 {
				c.blend(x, y, col, strength*(1-d)*(1-d))
			}
		}
	}
}

// ridge fills, below a wavy line around y0, down to y1, with a colour
// darkening downward: hills, or a shore.
func (c *canvas) ridge(y0, y1, amp int, top, bottom color.RGBA) {
	f1, f2 := 0.002+c.r.Float64()*0.004, 0.01+c.r.Float64()*0.01
	p1, p2 := c.r.Float64()*6, c.r.Float64()*6
	for x := range c.w {
		edge := y0 + int(float64(amp)*(math.Sin(float64(x)*f1+p1)+0.3*math.Sin(float64(x)*f2+p2)))
		for y := max(0, edge); y < y1 && y < c.h; y++ {
			c.set(x, y, mix(top, bottom, float64(y-edge)/float64(max(1, y1-edge))))
		}
	}
}

// window draws a window: a frame and a pane of sky, lighter at its top,
// with muntins.
func (c *canvas) window(r image.Rectangle, frame, sky color.RGBA, panes int) {
	c.fill(r, frame)
	in := r.Inset(max(4, r.Dx()/40))
	c.gradient(in, shade(sky, 0.35), shade(sky, -0.1))
	for i := 1; i < panes; i++ {
		x := in.Min.X + in.Dx()*i/panes
		c.fill(image.Rect(x-3, in.Min.Y, x+3, in.Max.Y), frame)
	}
	c.fill(image.Rect(in.Min.X, in.Min.Y+in.Dy()/2-3, in.Max.X, in.Min.Y+in.Dy()/2+3), frame)
}

// exterior: sky, hills, lawn and a two-storey house with a roof, windows
// and a door (a garage door when garage).
func (c *canvas) exterior(p palette, garage bool) {
	horizon := c.h * 11 / 20
	c.gradient(image.Rect(0, 0, c.w, horizon), shade(p.sky, -0.2), shade(p.sky, 0.45))
	c.glow(c.w*4/5, c.h/6, c.h/4, rgb(255, 250, 225), 0.7)
	c.ridge(horizon-60, horizon+40, 35, shade(p.ground, -0.25), shade(p.ground, -0.45))
	c.gradient(image.Rect(0, horizon+30, c.w, c.h), shade(p.ground, 0.05), shade(p.ground, -0.3))
	x0, x1 := c.w/6+c.r.IntN(c.w/12), c.w*5/6-c.r.IntN(c.w/12)
	top, base := c.h*3/10, c.h*17/20
	c.hgradient(image.Rect(x0, top, x1, base), p.wall, shade(p.wall, -0.18))
	for y := top; y > top-c.h/7; y-- { // the roof, wider than the walls
		in := (top - y) * 2
		c.fill(image.Rect(x0-40+in, y, x1+40-in, y+1), mix(shade(p.roof, 0.1), shade(p.roof, -0.2), float64(top-y)/float64(c.h/7)))
	}
	c.fill(image.Rect(x0-40, top, x1+40, top+14), shade(p.roof, -0.35))
	glass := mix(p.sky, rgb(40, 50, 60), 0.45)
	cols := 4
	for row := range 2 {
		for col := range cols {
			wx := x0 + (x1-x0)*(2*col+1)/(2*cols+1)
			wy := top + 50 + row*(base-top)/2
			ww, wh := (x1-x0)/(2*cols+1), (base-top)/4
			if row == 1 && col == cols-1 {
				door := rgb(90, 60, 40)
				if garage {
					door = rgb(120, 120, 125)
					c.gradient(image.Rect(wx-ww/2, wy-20, wx+ww*3/2, base), shade(door, 0.2), shade(door, -0.2))
					for y := wy; y < base; y += 28 {
						c.fill(image.Rect(wx-ww/2, y, wx+ww*3/2, y+3), shade(door, -0.35))
					}
					continue
				}
				c.gradient(image.Rect(wx, wy-20, wx+ww, base), shade(door, 0.1), shade(door, -0.3))
				continue
			}
			c.window(image.Rect(wx, wy, wx+ww, wy+wh), rgb(245, 245, 240), glass, 2)
		}
	}
	// Shrubs along the house.
	for range 18 {
		cx := x0 - 60 + c.r.IntN(x1-x0+120)
		c.glow(cx, base+10, 40+c.r.IntN(50), shade(p.ground, -0.45), 0.9)
	}
	c.gradient(image.Rect(c.w/2-90, base, c.w/2+90, c.h), rgb(200, 195, 185), rgb(150, 145, 135)) // the path
}

// sea: sky, the sea to the horizon, a shore, and (from a balcony) a
// railing in front.
func (c *canvas) sea(p palette, balcony bool) {
	horizon := c.h * 9 / 20
	c.gradient(image.Rect(0, 0, c.w, horizon), shade(p.sky, -0.25), shade(p.sky, 0.5))
	c.glow(c.w/3, horizon-c.h/10, c.h/3, rgb(255, 240, 200), 0.8)
	c.ridge(horizon-50, horizon, 30, rgb(70, 90, 90), rgb(60, 80, 80))
	c.gradient(image.Rect(0, horizon, c.w, c.h*3/4), shade(p.ground, 0.15), shade(p.ground, -0.25))
	for range 900 { // glints on the water
		x, y := c.r.IntN(c.w), horizon+c.r.IntN(c.h*3/4-horizon)
		c.fill(image.Rect(x, y, x+8+c.r.IntN(40), y+2), shade(p.ground, 0.5))
	}
	c.gradient(image.Rect(0, c.h*3/4, c.w, c.h), rgb(230, 215, 180), rgb(200, 180, 140)) // sand
	if balcony {
		c.gradient(image.Rect(0, c.h*4/5, c.w, c.h), shade(p.wall, -0.05), shade(p.wall, -0.3)) // the floor
		c.fill(image.Rect(0, c.h*3/5, c.w, c.h*3/5+16), shade(p.wall, -0.1))                    // handrail
		for x := 20; x < c.w; x += 90 {
			c.fill(image.Rect(x, c.h*3/5, x+10, c.h*4/5), shade(p.wall, -0.2))
		}
		c.glow(c.w*4/5, c.h*7/8, 160, rgb(60, 120, 60), 0.9) // a plant
	}
}

// pool: sky, a deck and a pool with ripples, loungers.
func (c *canvas) pool(p palette) {
	horizon := c.h * 2 / 5
	c.gradient(image.Rect(0, 0, c.w, horizon), shade(p.sky, -0.2), shade(p.sky, 0.4))
	c.ridge(horizon-120, horizon, 60, rgb(60, 110, 60), rgb(40, 80, 40)) // trees
	c.gradient(image.Rect(0, horizon, c.w, c.h), shade(p.wall, 0.1), shade(p.wall, -0.15))
	pool := image.Rect(c.w/8, c.h/2, c.w*7/8, c.h*7/8)
	c.gradient(pool, shade(p.ground, 0.2), shade(p.ground, -0.3))
	for range 1500 {
		x, y := pool.Min.X+c.r.IntN(pool.Dx()-30), pool.Min.Y+c.r.IntN(pool.Dy())
		c.fill(image.Rect(x, y, x+10+c.r.IntN(20), y+3), shade(p.ground, 0.45))
	}
	for i := range 3 {
		x := c.w/6 + i*c.w/4
		c.gradient(image.Rect(x, c.h*43/100, x+c.w/7, c.h*47/100), rgb(250, 250, 250), rgb(210, 210, 210))
	}
}

// interior: wall, floor boards or tiles, a window with daylight, and the
// furniture of the room.
func (c *canvas) interior(p palette, room string) {
	floorY := c.h * 13 / 20
	c.hgradient(image.Rect(0, 0, c.w, floorY), shade(p.wall, 0.1), shade(p.wall, -0.15))
	c.fill(image.Rect(0, floorY-12, c.w, floorY), shade(p.wall, -0.3)) // skirting
	tiles := room == "cozinha" || room == "banheiro"
	for y := floorY; y < c.h; y++ { // boards or tiles, in perspective
		t := float64(y-floorY) / float64(c.h-floorY)
		band := int(math.Pow(t, 0.7) * 14)
		col := shade(p.floor, 0.08*float64(band%3)-0.08+0.1*(1-t))
		for x := range c.w {
			seam := tiles && x%(120+band*10) < 3
			if seam || (y-floorY)%int(8+t*40) == 0 {
				c.set(x, y, shade(col, -0.3))
			} else {
				c.set(x, y, col)
			}
		}
	}
	wx := c.w/10 + c.r.IntN(c.w/6)
	win := image.Rect(wx, c.h/8, wx+c.w*2/5, floorY-c.h/10)
	c.window(win, rgb(250, 250, 248), rgb(150, 200, 240), 3)
	c.glow(win.Min.X+win.Dx()/2, floorY+60, c.w/3, rgb(255, 248, 230), 0.35) // daylight on the floor
	switch room {
	case "sala":
		c.gradient(image.Rect(c.w/2, floorY-c.h/5, c.w*9/10, floorY+c.h/10), shade(p.accent, 0.1), shade(p.accent, -0.3))
		for i := range 3 {
			x := c.w/2 + 30 + i*(c.w*2/5-60)/3
			c.gradient(image.Rect(x, floorY-c.h/5-50, x+(c.w*2/5-60)/3-16, floorY-c.h/5+40), shade(p.accent, 0.35), shade(p.accent, 0.05))
		}
		c.gradient(image.Rect(c.w/3, c.h*4/5, c.w*4/5, c.h*19/20), rgb(200, 185, 160), rgb(170, 150, 125)) // rug
		c.fill(image.Rect(c.w*3/4, c.h/10, c.w*3/4+6, floorY-c.h/5), rgb(60, 60, 60))                      // lamp
		c.glow(c.w*3/4+3, c.h/10, 90, rgb(255, 230, 170), 0.8)
	case "cozinha":
		c.gradient(image.Rect(c.w/2, c.h/6, c.w, c.h/3), shade(p.accent, 0.2), shade(p.accent, -0.1)) // wall cabinets
		c.gradient(image.Rect(c.w/2, floorY-c.h/4, c.w, floorY+40), shade(p.accent, 0.1), shade(p.accent, -0.25))
		c.fill(image.Rect(c.w/2-10, floorY-c.h/4-18, c.w, floorY-c.h/4), rgb(230, 230, 225)) // worktop
		for x := c.w / 2; x < c.w; x += c.w / 10 {
			c.fill(image.Rect(x, floorY-c.h/4, x+4, floorY+40), shade(p.accent, -0.4))
		}
		for y := c.h / 3; y < floorY-c.h/4-18; y += 40 { // tiles
			c.fill(image.Rect(c.w/2, y, c.w, y+3), shade(p.wall, -0.15))
		}
	case "quarto":
		c.gradient(image.Rect(c.w/2-40, floorY-c.h/3, c.w/2+c.w/3, floorY-c.h/10), shade(p.accent, -0.1), shade(p.accent, -0.35)) // headboard
		c.gradient(image.Rect(c.w/2-80, floorY-c.h/8, c.w/2+c.w/3+40, floorY+c.h/6), rgb(245, 245, 245), rgb(205, 205, 210))      // bed
		c.gradient(image.Rect(c.w/2-60, floorY-c.h/6, c.w/2+c.w/8, floorY-c.h/14), rgb(250, 250, 250), rgb(225, 225, 225))        // pillows
		c.gradient(image.Rect(c.w/2+c.w/7, floorY-c.h/6, c.w/2+c.w/3+20, floorY-c.h/14), rgb(250, 250, 250), rgb(225, 225, 225))
		c.glow(c.w/2-140, floorY-c.h/4, 110, rgb(255, 225, 160), 0.7)
	case "banheiro":
		for y := 0; y < floorY; y += 60 { // wall tiles
			c.fill(image.Rect(0, y, c.w, y+3), shade(p.wall, -0.12))
		}
		for x := 0; x < c.w; x += 60 {
			c.fill(image.Rect(x, 0, x+3, floorY), shade(p.wall, -0.12))
		}
		c.gradient(image.Rect(c.w*3/5, c.h/6, c.w*9/10, c.h/2), rgb(200, 220, 230), rgb(150, 170, 185)) // mirror
		c.gradient(image.Rect(c.w*11/20, c.h/2+20, c.w*19/20, floorY+30), shade(p.accent, 0.2), shade(p.accent, -0.3))
	case "jantar":
		c.gradient(image.Rect(c.w/3, floorY-c.h/12, c.w*5/6, floorY), shade(p.accent, 0.2), shade(p.accent, -0.1)) // table
		for i := range 4 {
			x := c.w/3 + 40 + i*(c.w/2-80)/3
			c.fill(image.Rect(x, floorY, x+12, floorY+c.h/7), shade(p.accent, -0.3))
			c.gradient(image.Rect(x-30, floorY-c.h/5, x+40, floorY-c.h/12), shade(p.accent, -0.2), shade(p.accent, -0.4)) // chairs
		}
		c.glow(c.w*7/12, c.h/6, 150, rgb(255, 230, 170), 0.8) // pendant light
	}
}

// grain adds a photograph's grain: a fine luminance noise of amplitude
// amp, and a coarser one, so that flat areas are not flat.
func (c *canvas) grain(amp int) {
	const cell = 24
	cw, ch := c.w/cell+2, c.h/cell+2
	coarse := make([]float64, cw*ch)
	for i := range coarse {
		coarse[i] = c.r.NormFloat64() * float64(amp) * 0.6
	}
	pix := c.img.Pix
	for y := range c.h {
		cy, fy := y/cell, float64(y%cell)/cell
		row := c.img.PixOffset(0, y)
		for x := range c.w {
			cx, fx := x/cell, float64(x%cell)/cell
			a := coarse[cy*cw+cx]*(1-fx) + coarse[cy*cw+cx+1]*fx
			b := coarse[(cy+1)*cw+cx]*(1-fx) + coarse[(cy+1)*cw+cx+1]*fx
			d := int(a*(1-fy)+b*fy) + c.r.IntN(2*amp+1) - amp
			i := row + 4*x
			for k := range 3 {
				pix[i+k] = uint8(max(0, min(255, int(pix[i+k])+d)))
			}
		}
	}
}
