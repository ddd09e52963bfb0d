package graph

import (
	"context"
	"net/http"
	"time"

	"github.com/stccg/stccg-rules/internal/dataloader"
	"github.com/stccg/stccg-rules/internal/rules"
)

// loaderWait is how long a loader collects keys before it fetches.
const loaderWait = 200 * time.Microsecond

// Loaders batch the per-item fetches of one GraphQL request.
type Loaders struct {
	Entries     *dataloader.Loader[string, *rules.Entry]
	Documents   *dataloader.Loader[string, *rules.Document]
	Cards       *dataloader.Loader[string, *rules.Card]
	CardRulings *dataloader.Loader[string, []*rules.Entry]
}

type loadersKey struct{}

// NewLoaders returns fresh loaders over the services. A missing entry or
// card loads as nil, not as an error, so one dangling id never fails a list.
func (r *Resolver) NewLoaders() *Loaders {
	return &Loaders{
		Entries: dataloader.New(func(ctx context.Context, ids []string) ([]*rules.Entry, error) {
			out := make([]*rules.Entry, len(ids))
			for i, id := range ids {
				e, err := r.Reference.Entry(ctx, id)
				if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
					return nil, err
				}
				out[i] = e
			}
			return out, nil
		}, loaderWait, 100),
		Documents: dataloader.New(func(ctx context.Context, ids []string) ([]*rules.Document, error) {
			docs, err := r.Reference.Documents(ctx)
			if err != nil {
				return nil, err
			}
			out := make([]*rules.Document, len(ids))
			for i, id := range ids {
				for j := range docs {
					if docs[j].ID == id {
						out[i] = &docs[j]
					}
				}
			}
			return out, nil
		}, loaderWait, 100),
		Cards: dataloader.New(func(ctx context.Context, ids []string) ([]*rules.Card, error) {
			out := make([]*rules.Card, len(ids))
			for i, id := range ids {
				c, err := r.Catalog.Card(ctx, id)
				if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
					return nil, err
				}
				out[i] = c
			}
			return out, nil
		}, loaderWait, 100),
		CardRulings: dataloader.New(func(ctx context.Context, ids []string) ([][]*rules.Entry, error) {
			out := make([][]*rules.Entry, len(ids))
			for i, id := range ids {
				es, err := r.Catalog.CardRulings(ctx, id)
				if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
					return nil, err
				}
				out[i] = es
			}
			return out, nil
		}, loaderWait, 100),
	}
}

// WithLoaders puts fresh loaders into every request's context.
func (r *Resolver) WithLoaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		ctx := context.WithValue(req.Context(), loadersKey{}, r.NewLoaders())
		next.ServeHTTP(w, req.WithContext(ctx))
	})
}

// loaders returns the request's loaders, or fresh ones outside a request.
func (r *Resolver) loaders(ctx context.Context) *Loaders {
	if l, ok := ctx.Value(loadersKey{}).(*Loaders); ok {
		return l
	}
	return r.NewLoaders()
}
