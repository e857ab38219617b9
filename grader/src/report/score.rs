//! Points: an exercise is worth the points the manifest gives it (100 by default), in
//! equal shares for its groups of hidden cases, earned group by group.

use crate::judge::Grade;

/// One exercise's points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Score {
    pub earned: u32,
    pub max: u32,
    /// What each group is worth, in order.
    pub per_group: Vec<u32>,
}

/// `points` shared by `groups` groups: equal shares, any remainder going one point each
/// to the first groups (`dev check` asks for exact shares, so that every tool that
/// counts passed groups agrees with the points).
pub(crate) fn group_points(points: u32, groups: usize) -> Vec<u32> {
    let Some(share) = points.checked_div(groups as u32) else {
        return Vec::new();
    };
    let remainder = (points - share * groups as u32) as usize;
    (0..groups)
        .map(|i| share + u32::from(i < remainder))
        .collect()
}

/// Whether `points` shares exactly among `groups` groups.
pub(crate) fn shares_exactly(points: u32, groups: usize) -> bool {
    groups > 0 && points.is_multiple_of(groups as u32)
}

pub(crate) fn score(grade: &Grade, points: u32) -> Score {
    let per_group = group_points(points, grade.groups.len());
    let earned = grade
        .groups
        .iter()
        .zip(&per_group)
        .filter(|(group, _)| group.is_pass())
        .map(|(_, points)| points)
        .sum();
    Score {
        earned,
        max: points,
        per_group,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_to_the_points() {
        assert_eq!(group_points(100, 5), vec![20; 5]);
        assert_eq!(group_points(100, 3), vec![34, 33, 33]);
        assert_eq!(group_points(100, 0), Vec::<u32>::new());
        for groups in 1..12 {
            assert_eq!(group_points(100, groups).iter().sum::<u32>(), 100);
        }
        assert!(shares_exactly(100, 4) && !shares_exactly(100, 3) && !shares_exactly(100, 0));
    }
}
