// Replaced by the store implementation (issue 5).
namespace trainplan::store {}
