package text

// stopwords are function words that carry no topic: the reference's 95 plus
// the pronouns, auxiliaries and connectives that otherwise dominate keyword
// lists of real textbooks.
var stopwords = func() map[string]struct{} {
	words := []string{
		// The reference list.
		"the", "a", "an", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had",
		"do", "does", "did", "will", "would", "could", "should", "may", "might", "shall", "can",
		"need", "must", "this", "that", "these", "those", "it", "its", "of", "for", "in", "to",
		"on", "at", "by", "from", "with", "as", "and", "or", "but", "not", "nor", "so", "yet",
		"if", "then", "than", "when", "where", "how", "what", "which", "who", "all", "each",
		"every", "both", "few", "more", "most", "some", "any", "no", "between", "into",
		"through", "during", "before", "after", "above", "below", "up", "down", "out", "off",
		"over", "under", "again", "further", "once", "here", "there", "about", "very", "just",
		"also", "too", "only", "own", "same",
		// Additions.
		"we", "us", "our", "ours", "you", "your", "yours", "he", "him", "his", "she", "her",
		"hers", "they", "them", "their", "theirs", "i", "me", "my", "mine", "itself", "let",
		"such", "other", "others", "whose", "whom", "why", "while", "because", "since", "until",
		"via", "per", "upon", "onto", "within", "without", "among", "against", "toward",
		"towards", "am", "isn", "aren", "wasn", "weren", "don", "doesn", "didn", "won", "ll",
		"ve", "re", "eg", "ie", "etc", "thus", "hence", "therefore", "however", "moreover",
		"furthermore", "one", "ones", "many", "much", "there", "s", "t", "d", "m",
	}
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()

// IsStopword reports whether the lowercased word w is a stopword.
func IsStopword(w string) bool {
	_, ok := stopwords[w]
	return ok
}
