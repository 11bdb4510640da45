-- Issue 26: a product's taste profile counts each member once, by their latest published card of it. The
-- rows kept until now summed every published card; they are recomputed from the cards (only those that
-- differ, so the profile index reads again only what changed).
WITH counting AS (
	SELECT DISTINCT ON (product_id, user_id) id, product_id, sweetness, sourness, bitterness, saltiness, umami, taste_note_ids, aroma_ids
	FROM taste_cards
	WHERE status = 'Published'
	ORDER BY product_id, user_id, created_at DESC, id DESC
), sums AS (
	SELECT product_id, count(*)::int AS card_count, sum(sweetness)::int AS sweetness_sum, sum(sourness)::int AS sourness_sum,
		sum(bitterness)::int AS bitterness_sum, sum(saltiness)::int AS saltiness_sum, sum(umami)::int AS umami_sum
	FROM counting
	GROUP BY product_id
), notes AS (
	SELECT product_id, jsonb_object_agg(note, n) AS note_counts
	FROM (
		SELECT c.product_id, e.note, count(*)::int AS n
		FROM counting c CROSS JOIN LATERAL (SELECT DISTINCT value AS note FROM jsonb_array_elements_text(c.taste_note_ids)) e
		GROUP BY c.product_id, e.note
	) per_note
	GROUP BY product_id
), aromas AS (
	SELECT product_id, jsonb_object_agg(aroma, n) AS aroma_counts
	FROM (
		SELECT c.product_id, e.aroma, count(*)::int AS n
		FROM counting c CROSS JOIN LATERAL (SELECT DISTINCT value AS aroma FROM jsonb_array_elements_text(c.aroma_ids)) e
		GROUP BY c.product_id, e.aroma
	) per_aroma
	GROUP BY product_id
), recounted AS (
	SELECT p.product_id, coalesce(s.card_count, 0) AS card_count, coalesce(s.sweetness_sum, 0) AS sweetness_sum,
		coalesce(s.sourness_sum, 0) AS sourness_sum, coalesce(s.bitterness_sum, 0) AS bitterness_sum,
		coalesce(s.saltiness_sum, 0) AS saltiness_sum, coalesce(s.umami_sum, 0) AS umami_sum,
		coalesce(n.note_counts, '{}'::jsonb) AS note_counts, coalesce(a.aroma_counts, '{}'::jsonb) AS aroma_counts
	FROM product_taste_profiles p
	LEFT JOIN sums s ON s.product_id = p.product_id
	LEFT JOIN notes n ON n.product_id = p.product_id
	LEFT JOIN aromas a ON a.product_id = p.product_id
)
UPDATE product_taste_profiles p
SET card_count = r.card_count, sweetness_sum = r.sweetness_sum, sourness_sum = r.sourness_sum, bitterness_sum = r.bitterness_sum,
	saltiness_sum = r.saltiness_sum, umami_sum = r.umami_sum, note_counts = r.note_counts, aroma_counts = r.aroma_counts, updated_at = now()
FROM recounted r
WHERE r.product_id = p.product_id
	AND (p.card_count, p.sweetness_sum, p.sourness_sum, p.bitterness_sum, p.saltiness_sum, p.umami_sum, p.note_counts, p.aroma_counts)
		IS DISTINCT FROM (r.card_count, r.sweetness_sum, r.sourness_sum, r.bitterness_sum, r.saltiness_sum, r.umami_sum, r.note_counts, r.aroma_counts);
